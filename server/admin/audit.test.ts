import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "../paths.ts";

/**
 * The audit log is written by the services (decision 072): each audited operation takes the person
 * acting and records its entry itself, in its transaction when it has one. The edge only calls the
 * services: an audit call in a route would be the one a new route forgets.
 */
const EDGE = ["app/routes", "server/http"];

/** The ways code writes the audit log: AuditLog.record, however reached, or its table straight. */
const WRITES = [
  // audit.record(, services.audit.record(, services.audit\n  .record(, (audit).record
  /\baudit\s*\)?\s*\.\s*record\b/g,
  // const { record } = context.services.audit
  /\{[^}]*\brecord\b[^}]*\}\s*=\s*[\w.?]*\baudit\b/g,
  // db.insert(auditLog), tx.update(auditLog)…
  /\b(?:insert|update|delete)\s*\(\s*auditLog\b/g,
];

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourcesUnder(file);
    return /\.(ts|tsx|mjs)$/.test(name) ? [file] : [];
  });
}

/** Each write of the audit log in `source`, as `line: text`. */
function auditWrites(source: string): string[] {
  return WRITES.flatMap((pattern) =>
    [...source.matchAll(pattern)].map((match) => {
      const line = source.slice(0, match.index).split("\n").length;
      return `${line}: ${match[0].replace(/\s+/g, " ")}`;
    }),
  );
}

describe("the audit log is written by the services, never by the edge (decision 072)", () => {
  it("no route module and nothing in server/http writes it", () => {
    const files = EDGE.flatMap((dir) => sourcesUnder(path.join(projectRoot, dir)));
    expect(files.length).toBeGreaterThan(50);
    const writes = files.flatMap((file) =>
      auditWrites(readFileSync(file, "utf8")).map((write) => `${path.relative(projectRoot, file)}:${write}`),
    );
    expect(writes, "call the service with the actor: it records the entry").toEqual([]);
  });

  it("finds every way of writing it, and not the dashboard's read", () => {
    for (const write of [
      'await context.services.audit.record({ actor: admin.email, action: "x", target: "y" });',
      "const { audit } = context.services;\nawait audit.record(entry);",
      "await context.services.audit\n  .record(entry);",
      "const { record } = context.services.audit;",
      "await db.insert(auditLog).values(entry);",
    ])
      expect(auditWrites(write), write).toHaveLength(1);
    expect(auditWrites("const entries = await services.audit.recent(15);")).toEqual([]);
  });
});
