import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "./db/client.ts";
import { appSecrets } from "./db/schema.ts";

/**
 * The server's signing secret: SESSION_SECRET when set; otherwise one generated once and kept in
 * the database, so every instance and every restart signs alike without configuration.
 */
export async function loadSigningSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const generated = randomBytes(32).toString("base64url");
  await db.insert(appSecrets).values({ name: "signing", value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, "signing"));
  return row!.value;
}

export class Signer {
  constructor(private readonly secret: string) {}

  sign(purpose: string, value: string): string {
    return createHmac("sha256", this.secret).update(`${purpose}:${value}`).digest("base64url");
  }

  verify(purpose: string, value: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(purpose, value));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}
