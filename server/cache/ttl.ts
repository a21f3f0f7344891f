/** Remote cache TTLs of spec B §9.7, in seconds, by key category. */
export const REMOTE_TTL_SECONDS = {
  default: 300,
  json: 1800,
  api: 600,
  translations: 3600,
  images: 7200,
  auth: 1800,
  admin: 300,
  blog: 3600,
  subdomain: 7200,
  jira: 900,
} as const;

export type CacheCategory = keyof typeof REMOTE_TTL_SECONDS;

/** Local copies live 300 000 ms and at most 50 are kept (B §9.7). */
export const LOCAL_TTL_MS = 300_000;
export const LOCAL_MAX_ENTRIES = 50;

/** Remote time-outs of B §9.7. */
export const REMOTE_TIMEOUT_MS = { get: 3_000, set: 5_000, delete: 3_000 } as const;
