/** node:http serving stored bytes (bench/node-http.mjs). */
export function startNodeHttp(
  page: { plain: Buffer; gzip: Buffer; headers: Array<string | number> },
  options?: { cpu?: string },
): Promise<{ url: string; stop(): Promise<void> }>;
