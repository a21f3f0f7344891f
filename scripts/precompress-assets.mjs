// Writes a Brotli (.br) and a gzip (.gz) copy next to every text asset of the client build, at the
// highest levels: the server answers them from memory (server/http/static-assets.ts) instead of
// compressing each request, so the ~20 files a first visit asks for at once come back without delay.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const assets = path.resolve(import.meta.dirname, "../build/client/assets");
for (const file of readdirSync(assets)) {
  if (!/\.(js|css|svg|json)$/.test(file)) continue;
  const body = readFileSync(path.join(assets, file));
  writeFileSync(
    path.join(assets, `${file}.br`),
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  );
  writeFileSync(path.join(assets, `${file}.gz`), gzipSync(body, { level: 9 }));
}
