import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import { type AuditActor, AuditLog } from "../admin/audit.ts";
import type { Database } from "../db/client.ts";
import { API_KEY_SCOPES, type ApiKeyScope } from "../db/enums.ts";
import { apiKeys } from "../db/schema.ts";
import { DomainError } from "../domain-errors.ts";
import { hashToken, newToken } from "./tokens.ts";

export { API_KEY_SCOPES, type ApiKeyScope };

/** A key's last use is written at most this often (a busy integration must not write on every call). */
const LAST_USE_EVERY_MS = 60_000;

export interface ApiKeyView {
  id: string;
  name: string;
  scope: ApiKeyScope;
  prefix: string;
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A key as the caller of the API presents it. */
export interface ApiCaller {
  id: string;
  name: string;
  scope: ApiKeyScope;
}

/**
 * API keys of the vendor's systems (decision 096): made by staff (Settings) or `npm run apikey:create`,
 * shown once, stored as a SHA-256 hash (a key is 32 random bytes: no slow hash needed), scoped,
 * revocable at once, with their last use. Staff's keys and revocations are recorded in the audit log
 * (the key's name and prefix, never the key).
 */
export class ApiKeyService {
  private readonly now: () => Date;
  private readonly audit: AuditLog;

  constructor(
    private readonly options: {
      db: Database;
      now?: () => Date;
      /** The platform's audit log (decision 072); by default one over `db`. */
      audit?: AuditLog;
    },
  ) {
    this.now = options.now ?? (() => new Date());
    this.audit = options.audit ?? new AuditLog(options.db, options.now);
  }

  /** A key staff make in Settings: `createdBy` is their e-mail, and it is recorded as apikey.create. */
  async createAsStaff(
    staff: AuditActor,
    input: { name: string; scope: ApiKeyScope },
  ): Promise<{ key: string; view: ApiKeyView }> {
    const made = await this.create({ ...input, createdBy: staff.email });
    const { view } = made;
    await this.audit.record({
      actor: staff.email,
      action: "apikey.create",
      target: view.name,
      detail: { scope: view.scope, prefix: view.prefix },
    });
    return made;
  }

  /** A new key: the secret is in the answer only. */
  async create(input: { name: string; scope: ApiKeyScope; createdBy: string }): Promise<{
    key: string;
    view: ApiKeyView;
  }> {
    const name = input.name.trim();
    if (name.length < 2 || name.length > 100) throw new DomainError("invalid", "apiKeys.nameRequired");
    const key = `vk_${input.scope}_${newToken()}`;
    const [row] = await this.options.db
      .insert(apiKeys)
      .values({
        id: randomUUID(),
        name,
        scope: input.scope,
        keyHash: hashToken(key),
        prefix: key.slice(0, `vk_${input.scope}_`.length + 4),
        createdBy: input.createdBy,
        createdAt: this.now(),
      })
      .returning();
    return { key, view: view(row!) };
  }

  async list(): Promise<ApiKeyView[]> {
    const rows = await this.options.db.select().from(apiKeys).orderBy(desc(apiKeys.createdAt));
    return rows.map(view);
  }

  /** Staff revoke a key in Settings: it stops at once; recorded as apikey.revoke. */
  async revoke(staff: AuditActor, id: string): Promise<ApiKeyView> {
    const revoked = await this.revokeKey(id);
    await this.audit.record({
      actor: staff.email,
      action: "apikey.revoke",
      target: revoked.name,
      detail: { scope: revoked.scope, prefix: revoked.prefix },
    });
    return revoked;
  }

  private async revokeKey(id: string): Promise<ApiKeyView> {
    const [row] = /^[0-9a-f-]{36}$/i.test(id)
      ? await this.options.db
          .update(apiKeys)
          .set({ revokedAt: this.now() })
          .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
          .returning()
      : [];
    if (!row) throw new DomainError("not-found", "apiKeys.notFound");
    return view(row);
  }

  /**
   * The caller of an API request: `Authorization: Bearer <key>` of a key that exists, is not revoked
   * and has the scope. 401 without a valid key, 403 for a key of another scope.
   */
  async authenticate(authorization: string | null, scope: ApiKeyScope): Promise<ApiCaller> {
    const presented = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? "")?.[1];
    if (!presented) throw new DomainError("unauthenticated", "apiKeys.missing");
    const [row] = await this.options.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.keyHash, hashToken(presented)));
    if (!row || row.revokedAt) throw new DomainError("unauthenticated", "apiKeys.invalid");
    if (row.scope !== scope) throw new DomainError("forbidden", "apiKeys.wrongScope", [scope]);
    const now = this.now();
    await this.options.db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.id, row.id),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USE_EVERY_MS))),
        ),
      );
    return { id: row.id, name: row.name, scope: row.scope };
  }
}

function view(row: typeof apiKeys.$inferSelect): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
