/** The production build served by a fresh server process (bench/server.mjs). */
export function startBuiltServer(
  env?: Record<string, string>,
  options?: { cpu?: number | string },
): Promise<{
  port: number;
  url: string;
  pid: number;
  stop(): Promise<void>;
}>;
