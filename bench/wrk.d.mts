/** wrk and nginx for the load benchmark (bench/wrk.mjs). */
export interface WrkResult {
  rps: number;
  requests: number;
  p50: number;
  p99: number;
  /** Failed requests by kind ("non-2xx", "connect", "read", "write", "timeout"), only those that occurred. */
  failures: Record<string, number>;
}
export function parseWrk(output: string): WrkResult;
export function wrk(options: {
  url: string;
  seconds: number;
  connections?: number;
  headers?: Record<string, string>;
  script?: string;
  cpu?: string;
  env?: Record<string, string>;
  /** Seconds wrk waits for an answer before it counts a timeout (default 10). */
  timeoutSeconds?: number;
}): Promise<WrkResult>;
export function freePort(): Promise<number>;
export function startNginx(
  files: Record<string, Buffer>,
  options?: { cpu?: string; headers?: Array<[string, string]> },
): Promise<{ url: string; pid: number; stop(): Promise<void> }>;
