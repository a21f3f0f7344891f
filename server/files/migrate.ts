import path from "node:path";
import { parseArgs } from "node:util";
import { megabytes, type Output, seconds } from "../cli-output.ts";
import type { Config } from "../config.ts";
import { DomainError } from "../domain-errors.ts";
import { openFiles } from "./areas.ts";
import type { StorageLog } from "./s3.ts";
import { FILE_AREAS, type FileArea, type FileAreas, localFileAreas } from "./storage.ts";

export const MIGRATE_USAGE =
  "Uso: npm run storage:migrate -- --to s3 (com S3_BUCKET e as demais S3_* definidas)";

/** What one run did, per area and in all. */
export interface MigrationReport {
  copied: number;
  skipped: number;
  bytes: number;
  byArea: Record<FileArea, { copied: number; skipped: number }>;
}

/**
 * `npm run storage:migrate -- --to s3` (decision 120): copies every file of DATA_DIR's areas into the
 * configured bucket under the same path (uploads/NAME, private/tickets/NAME, private/nfse/NAME).
 * Idempotent and resumable: a file already in the bucket with the same size is skipped (names are
 * content hashes or random UUIDs, so the same name and size is the same file), and a run cut short
 * is simply run again. The local files are left where they are, for the operator to remove once the
 * servers run with S3_BUCKET.
 */
export async function migrateStorageCommand(
  args: string[],
  config: Config,
  out: Output,
  options: { timeoutMs?: number } = {},
): Promise<number> {
  let to: string | undefined;
  try {
    ({
      values: { to },
    } = parseArgs({ args, options: { to: { type: "string" } }, strict: true }));
  } catch {
    out.error(MIGRATE_USAGE);
    return 2;
  }
  if (to !== "s3") {
    out.error(MIGRATE_USAGE);
    return 2;
  }
  if (!config.S3_BUCKET) {
    out.error(`S3_BUCKET não está definida: diga para qual bucket copiar. ${MIGRATE_USAGE}`);
    return 2;
  }
  const dataDir = path.resolve(config.DATA_DIR);
  const source = localFileAreas(dataDir);
  const target = await openFiles(config, cliErrors(out), options.timeoutMs);
  const started = Date.now();
  out.info(`Copiando os arquivos de ${dataDir} para ${target.location}...`);
  try {
    const failure = await target.check();
    if (failure) {
      out.error(`O bucket ${config.S3_BUCKET} não pode ser usado (${failure}): nada foi copiado.`);
      return 1;
    }
    const report = await migrate(source, target.areas, out);
    out.info(
      `Pronto em ${seconds(Date.now() - started)}: ${report.copied} arquivos copiados (${megabytes(report.bytes)}), ${report.skipped} já estavam no bucket. Os arquivos locais continuam em ${dataDir}: apague-os depois que os servidores estiverem usando S3_BUCKET.`,
    );
    return 0;
  } catch (error) {
    if (DomainError.is(error, "unavailable")) {
      out.error(`${error.message} Rode o comando de novo: o que já foi copiado é pulado.`);
      return 1;
    }
    throw error;
  } finally {
    target.close();
  }
}

/** Copies each area's files that the target lacks (or holds with another size). */
export async function migrate(
  source: FileAreas,
  target: FileAreas,
  out: Pick<Output, "info">,
): Promise<MigrationReport> {
  const report: MigrationReport = {
    copied: 0,
    skipped: 0,
    bytes: 0,
    byArea: {
      uploads: { copied: 0, skipped: 0 },
      tickets: { copied: 0, skipped: 0 },
      nfse: { copied: 0, skipped: 0 },
    },
  };
  for (const area of Object.keys(FILE_AREAS) as FileArea[]) {
    const present = new Map<string, number>();
    for await (const file of target[area].list()) present.set(file.name, file.size);
    for await (const file of source[area].list()) {
      if (present.get(file.name) === file.size) {
        report.skipped++;
        report.byArea[area].skipped++;
        continue;
      }
      const bytes = await source[area].get(file.name);
      // Deleted since it was listed (a media item removed meanwhile): nothing to copy.
      if (!bytes) continue;
      await target[area].put(file.name, bytes);
      report.copied++;
      report.bytes += bytes.byteLength;
      report.byArea[area].copied++;
    }
    const counts = report.byArea[area];
    out.info(`  ${FILE_AREAS[area]}: ${counts.copied} copiados, ${counts.skipped} já no bucket`);
  }
  return report;
}

/** The object store's failures as the command's error lines (what to check included). */
export function cliErrors(out: Pick<Output, "error">): StorageLog {
  return {
    error: ({ check, failure }, message) => {
      out.error(`Armazenamento de objetos: ${message} (${failure}): ${check}`);
    },
  };
}
