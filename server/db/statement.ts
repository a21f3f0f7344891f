import { getTableColumns, is, Placeholder, type SQL, sql } from "drizzle-orm";
import { type PgColumn, PgDialect, type PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client.ts";

/**
 * A statement written in SQL (one with several data-modifying CTEs, which Drizzle's builders cannot
 * express), compiled to its text once and run on the driver with each call's values. Building the
 * query on every call was a twentieth of lead intake's time (decision 085). Table and column names
 * still come from the schema, and each value is encoded by its column as Drizzle would.
 */
export interface CompiledStatement<V> {
  readonly text: string;
  run(db: Database, values: V): Promise<Record<string, unknown>[]>;
}

/** Builds a statement's parameters: a named value, typed and encoded by its column when one is given. */
export type ParamFactory<V> = (name: keyof V & string, column?: PgColumn) => SQL;

export function compileStatement<V extends Record<string, unknown>>(
  /** Named in the database's statement cache (PostgreSQL), so it is planned once per connection. */
  name: string,
  build: (param: ParamFactory<V>) => SQL,
): CompiledStatement<V> {
  const columns = new Map<string, PgColumn | undefined>();
  const param: ParamFactory<V> = (key, column) => {
    columns.set(key, column);
    // In a `select` list PostgreSQL would not infer a parameter's type: the column's is written out.
    return column
      ? sql`${sql.placeholder(key)}::${sql.raw(column.getSQLType())}`
      : sql`${sql.placeholder(key)}`;
  };
  const query = new PgDialect().sqlToQuery(build(param));
  const names = query.params.map((p) => {
    if (!is(p, Placeholder)) throw new Error(`${name}: every value must be a named parameter`);
    return p.name;
  });
  return {
    text: query.sql,
    async run(db, values) {
      const params = names.map((key) => {
        const value = values[key];
        const column = columns.get(key);
        return value === null || value === undefined ? null : column ? column.mapToDriverValue(value) : value;
      });
      const client = (db as unknown as { $client: DriverClient }).$client;
      // node-postgres keeps a named statement prepared per connection; PGlite takes the text.
      const result = isPool(client)
        ? await client.query({ name, text: query.sql, values: params })
        : await client.query(query.sql, params);
      return result.rows;
    },
  };
}

interface DriverClient {
  query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  query(config: {
    name: string;
    text: string;
    values: unknown[];
  }): Promise<{ rows: Record<string, unknown>[] }>;
}

function isPool(client: DriverClient): boolean {
  return "totalCount" in client;
}

/** The column list and the typed parameters of an `insert … select` of the given columns. */
export function insertColumns<T extends PgTable, K extends keyof T["$inferInsert"] & string>(
  table: T,
  keys: readonly K[],
  param: ParamFactory<Record<K, unknown>>,
  /** An SQL expression instead of the parameter, for some columns. */
  overrides: Partial<Record<K, SQL>> = {},
): { columns: SQL; values: SQL } {
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const names = keys.map((key) => sql`${sql.identifier(all[key]!.name)}`);
  const values = keys.map((key) => overrides[key] ?? param(key, all[key]));
  return { columns: sql.join(names, sql`, `), values: sql.join(values, sql`, `) };
}

/** A row as the database returned it (column names, driver values) as Drizzle's select gives it. */
export function fromRow<T extends PgTable>(table: T, row: Record<string, unknown>): T["$inferSelect"] {
  const model: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = row[column.name];
    model[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return model as T["$inferSelect"];
}
