import { randomUUID } from "node:crypto";
import type { CompanyRole } from "@domain/portal/permissions.ts";
import type { Database } from "@server/db/client.ts";
import { companies, users } from "@server/db/schema.ts";
import { testHasher } from "./passwords.ts";

/**
 * Customer companies and their people written straight into a database, before a server opens it
 * (the embedded database belongs to one process at a time): the portal tests' common ground. Every
 * person gets the same password, hashed once.
 */
export interface SeedPerson<C extends string> {
  email: string;
  role: CompanyRole;
  company: C;
  name?: string;
}

export async function seedPortal<C extends string>(
  db: Database,
  seed: {
    companies: Record<C, { cnpj: string; legalName: string; tradeName?: string; planId?: string }>;
    people: SeedPerson<C>[];
    password: string;
  },
): Promise<Record<C, string>> {
  const now = new Date();
  const ids = Object.fromEntries(Object.keys(seed.companies).map((key) => [key, randomUUID()])) as Record<
    C,
    string
  >;
  await db.insert(companies).values(
    (Object.entries(seed.companies) as [C, (typeof seed.companies)[C]][]).map(([key, company]) => ({
      id: ids[key],
      ...company,
      createdAt: now,
      updatedAt: now,
    })),
  );
  const passwordHash = await testHasher.hash(seed.password);
  await db.insert(users).values(
    seed.people.map((person) => ({
      id: randomUUID(),
      email: person.email,
      username: person.email.split("@")[0]!.replace(/[^a-z0-9]/g, ""),
      name: person.name ?? person.email.split("@")[0]!,
      role: "customer" as const,
      companyId: ids[person.company],
      companyRole: person.role,
      passwordHash,
      preferences: {},
    })),
  );
  return ids;
}
