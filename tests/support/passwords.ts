import { PasswordHasher, scryptCostOf } from "@server/auth/passwords.ts";

/**
 * The password cost of every test but the one that asserts production's (server/auth/passwords.test.ts,
 * decision 113): scrypt at N=2^10 takes about a millisecond instead of ~300 ms, and the rules around
 * it (rate limits, second factor, rehash at sign-in) stay as they are.
 */
export const TEST_HASH_COST = 10;

/** The hasher a test hands to services it builds itself. */
export const testHasher = new PasswordHasher(scryptCostOf(TEST_HASH_COST));

/** The setting that gives a server (in process or built) the tests' cost. */
export const TEST_HASH_ENV = { PASSWORD_HASH_COST: String(TEST_HASH_COST) } as const;
