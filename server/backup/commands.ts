import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { mkdir, readdir, readFile, rename, rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { megabytes, type Output, seconds } from "../cli-output.ts";
import type { Config } from "../config.ts";
import { DatabaseInUseError, openDatabase } from "../db/client.ts";
import { PGLITE_EXTENSIONS } from "../db/pglite-extensions.ts";
import { DomainError } from "../domain-errors.ts";
import { openFiles } from "../files/areas.ts";
import { cliErrors } from "../files/migrate.ts";
import { areaOfPath, type FileAreas } from "../files/storage.ts";
import { migrationsDir } from "../paths.ts";
import {
  BackupFormatError,
  type BackupManifest,
  type OpenedBackup,
  openArchive,
  writeArchive,
} from "./archive.ts";
import { type OperatorAnswer, operatorSocketPath } from "./endpoint.ts";
import { countRows, pgliteOf, snapshotPglite } from "./snapshot.ts";

/** A refusal of the backup commands: one Portuguese line for the operator. */
export class BackupCommandError extends Error {
  override name = "BackupCommandError";
}

const BACKUP_USAGE = "Uso: npm run db:backup -- --out ARQUIVO";
const RESTORE_USAGE = "Uso: npm run db:restore -- --in ARQUIVO (com DATA_DIR apontando para uma pasta vazia)";

/**
 * `npm run db:backup -- --out FILE` (decision 110). Embedded database: through the running server's
 * operator socket when a server holds DATA_DIR, else by opening the database here. PostgreSQL: the
 * files only (the database is pg_dump's, docs/operations.md). Answers the exit code.
 */
export async function backupCommand(args: string[], config: Config, out: Output): Promise<number> {
  const { values } = parseArgs({ args, options: { out: { type: "string" } }, strict: true });
  if (!values.out) {
    out.error(`Informe --out ARQUIVO. ${BACKUP_USAGE}`);
    return 2;
  }
  const target = fromCaller(values.out);
  if (existsSync(target))
    throw new BackupCommandError(`${target} já existe: escolha outro nome (um backup nunca é sobrescrito).`);
  const dataDir = path.resolve(config.DATA_DIR);
  const files = await openFiles(config, cliErrors(out));
  const started = Date.now();
  const partial = `${target}.${process.pid}.part`;
  // The archive holds personal data and the signing secret: only its owner may read it.
  const fd = openSync(partial, "wx", 0o600);
  let manifest: BackupManifest;
  try {
    const sink = (chunk: Uint8Array) => {
      writeSync(fd, chunk);
    };
    if (config.DATABASE_URL) {
      out.info(
        `PostgreSQL (DATABASE_URL): o banco não entra neste arquivo; faça o backup dele com pg_dump (docs/operations.md, Backups). Guardando só os arquivos (${files.location}).`,
      );
      manifest = await writeArchive({ files: files.areas, via: "direct", database: null, sink });
    } else {
      const viaServer = await backUpThroughServer(dataDir, sink);
      if (viaServer) {
        out.info(`Backup feito pelo servidor em execução (processo ${viaServer.pid}), sem pará-lo.`);
      } else {
        out.info(
          "Nenhum servidor em execução usa este DATA_DIR: backup feito abrindo o banco embutido aqui.",
        );
      }
      manifest = viaServer ? readManifest(partial) : await backUpDirectly(dataDir, files.areas, sink);
    }
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(partial, { force: true });
    throw unavailableStore(error);
  } finally {
    files.close();
  }
  closeSync(fd);
  await rename(partial, target);
  const size = statSync(target).size;
  out.info(
    `Backup gravado em ${target} (${megabytes(size)}, ${seconds(Date.now() - started)}): ${describe(manifest)}.`,
  );
  out.info(
    "O arquivo contém dados pessoais e o segredo de assinatura: guarde-o só para o seu usuário (modo 0600) e fora desta máquina.",
  );
  return 0;
}

/** The archive from the running server, written through the sink; null when no server answers. */
function backUpThroughServer(
  dataDir: string,
  sink: (chunk: Uint8Array) => void,
): Promise<{ pid: number } | null> {
  const socketPath = operatorSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let header: Buffer | null = Buffer.alloc(0);
    let answer: OperatorAnswer | null = null;
    socket.once("connect", () => socket.write("backup\n"));
    socket.on("data", (chunk: Buffer) => {
      if (header === null) {
        sink(chunk);
        return;
      }
      header = Buffer.concat([header, chunk]);
      const end = header.indexOf(10);
      if (end < 0) return;
      try {
        answer = JSON.parse(header.subarray(0, end).toString("utf8")) as OperatorAnswer;
      } catch {
        socket.destroy();
        reject(new BackupCommandError("O servidor respondeu algo que não é um backup."));
        return;
      }
      const rest = header.subarray(end + 1);
      header = null;
      if (!answer.ok) {
        socket.destroy();
        reject(new BackupCommandError(answer.message));
        return;
      }
      if (rest.byteLength > 0) sink(rest);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      // A socket left by a server that died: nobody listens; back up directly.
      if (answer === null && (error.code === "ECONNREFUSED" || error.code === "ENOENT")) resolve(null);
      else
        reject(
          new BackupCommandError(
            `A conexão com o servidor caiu durante o backup (${error.code ?? error.message}).`,
          ),
        );
    });
    socket.once("end", () => {
      if (answer?.ok) resolve({ pid: answer.pid });
      else reject(new BackupCommandError("O servidor encerrou a conexão sem enviar o backup."));
    });
  });
}

async function backUpDirectly(
  dataDir: string,
  files: FileAreas,
  sink: (chunk: Uint8Array) => void,
): Promise<BackupManifest> {
  // Opening a folder without a database would create one: a wrong DATA_DIR must not look backed up.
  if (!existsSync(path.join(dataDir, "pglite", "PG_VERSION")))
    throw new BackupCommandError(`Não há banco embutido em ${dataDir}: confira DATA_DIR (nada foi gravado).`);
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ kind: "pglite", dataDir });
  } catch (error) {
    if (error instanceof DatabaseInUseError)
      throw new BackupCommandError(
        "O banco embutido está em uso por um processo que não atende backups (um servidor de versão anterior?): pare-o e tente de novo.",
      );
    throw error;
  }
  try {
    const snapshot = await snapshotPglite(pgliteOf(database));
    return await writeArchive({ files, via: "direct", database: snapshot, sink });
  } finally {
    await database.close();
  }
}

/** The manifest of an archive just written, read back: also proves it whole (a cut one has none). */
function readManifest(file: string): BackupManifest {
  try {
    return openArchive(readFileSync(file)).manifest;
  } catch (error) {
    throw new BackupCommandError(
      `O backup recebido do servidor está incompleto: ${(error as Error).message}.`,
    );
  }
}

/**
 * `npm run db:restore -- --in FILE` (decision 110): into an empty (or new) DATA_DIR, with no server
 * on it. Loads the database snapshot with PGlite, checks every table's rows against the manifest,
 * then writes the files, each checked against its SHA-256. A failure leaves DATA_DIR empty again.
 */
export async function restoreCommand(args: string[], config: Config, out: Output): Promise<number> {
  const { values } = parseArgs({ args, options: { in: { type: "string" } }, strict: true });
  if (!values.in) {
    out.error(`Informe --in ARQUIVO. ${RESTORE_USAGE}`);
    return 2;
  }
  const source = fromCaller(values.in);
  const dataDir = path.resolve(config.DATA_DIR);
  const started = Date.now();
  let bytes: Buffer;
  try {
    bytes = await readFile(source);
  } catch (error) {
    throw new BackupCommandError(
      `Não foi possível ler ${source} (${(error as NodeJS.ErrnoException).code ?? "erro"}).`,
    );
  }
  let backup: OpenedBackup;
  try {
    backup = openArchive(bytes);
  } catch (error) {
    if (error instanceof BackupFormatError)
      throw new BackupCommandError(`${source} não é um backup válido deste site: ${error.message}.`);
    throw error;
  }
  const { manifest } = backup;
  const known = appliedMigrationsKnown();
  if (manifest.database.kind === "pglite" && manifest.database.migrations.count > known)
    throw new BackupCommandError(
      `O backup vem de uma versão mais nova do site (${manifest.database.migrations.count} migrações; esta conhece ${known}): atualize o site antes de restaurar.`,
    );
  if (!(await isEmptyFolder(dataDir)))
    throw new BackupCommandError(
      `DATA_DIR (${dataDir}) não está vazio: a restauração só grava numa pasta vazia ou nova, nunca por cima de dados.`,
    );
  if (config.DATABASE_URL && manifest.database.kind === "pglite")
    out.info(
      "DATABASE_URL está definida: o banco embutido do backup não é carregado no PostgreSQL (restaure-o com pg_restore a partir do seu pg_dump); restaurando só os arquivos.",
    );
  else if (manifest.database.kind === "postgres")
    out.info(
      "Este backup não tem banco (foi feito com PostgreSQL): restaure o banco com pg_restore; restaurando só os arquivos.",
    );

  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  // Files go where the configuration keeps them: DATA_DIR's folders, or the bucket (decision 120).
  const store = await openFiles(config, cliErrors(out));
  if (config.S3_BUCKET) out.info(`Arquivos restaurados no armazenamento de objetos (${store.location}).`);
  try {
    let rows: number | null = null;
    if (manifest.database.kind === "pglite" && !config.DATABASE_URL)
      rows = await restoreDatabase(backup, dataDir);
    let files = 0;
    let fileBytes = 0;
    for (const file of backup.files()) {
      const place = areaOfPath(file.path);
      if (!place) throw new BackupFormatError(`caminho recusado: ${file.path}`);
      await store.areas[place.area].put(place.name, file.bytes);
      files++;
      fileBytes += file.bytes.byteLength;
    }
    out.info(
      `Restaurado em ${dataDir} (${seconds(Date.now() - started)}): ${rows !== null ? `banco embutido com ${rows} linhas em ${Object.keys(manifest.database.kind === "pglite" ? manifest.database.tables : {}).length} tabelas, ` : ""}${files} arquivos (${megabytes(fileBytes)}), do backup de ${manifest.createdAt}. Inicie o servidor com este DATA_DIR.`,
    );
    return 0;
  } catch (error) {
    // The folder was empty: leave it so, for another attempt.
    for (const entry of await readdir(dataDir))
      await rm(path.join(dataDir, entry), { recursive: true, force: true });
    if (error instanceof BackupFormatError)
      throw new BackupCommandError(`${source} não é um backup válido deste site: ${error.message}.`);
    throw unavailableStore(error);
  } finally {
    store.close();
  }
}

/** The object store's refusal as the command's one line (the log line before it says what to check). */
function unavailableStore(error: unknown): unknown {
  return DomainError.is(error, "unavailable") ? new BackupCommandError(error.message) : error;
}

/** Loads the snapshot into DATA_DIR/pglite under the embedded database's lock; answers the rows. */
async function restoreDatabase(backup: OpenedBackup, dataDir: string): Promise<number> {
  const { database } = backup.manifest;
  if (database.kind !== "pglite") return 0;
  const tar = backup.database()!;
  // The same lock file as server/db/client.ts: a server started meanwhile refuses the folder.
  const lock = path.join(dataDir, "pglite.lock");
  const fd = openSync(lock, "wx");
  writeSync(fd, String(process.pid));
  closeSync(fd);
  try {
    const client = await PGlite.create(path.join(dataDir, "pglite"), {
      loadDataDir: new Blob([tar as Uint8Array<ArrayBuffer>]),
      extensions: PGLITE_EXTENSIONS,
    });
    try {
      const restored = await countRows(client);
      for (const [table, expected] of Object.entries(database.tables)) {
        if (restored[table] !== expected)
          throw new BackupCommandError(
            `O banco restaurado não confere com o backup: a tabela ${table} tem ${restored[table] ?? 0} linhas, o backup diz ${expected}.`,
          );
      }
      return Object.values(restored).reduce((sum, n) => sum + n, 0);
    } finally {
      await client.close();
    }
  } finally {
    rmSync(lock, { force: true });
  }
}

/** A path the operator typed: npm runs scripts from the project's folder, so relative to where npm was run (INIT_CWD). */
function fromCaller(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

async function isEmptyFolder(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

/** How many migrations this version of the site has (drizzle's journal). */
function appliedMigrationsKnown(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, "meta/_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

function describe(manifest: BackupManifest): string {
  const parts: string[] = [];
  if (manifest.database.kind === "pglite")
    parts.push(
      `banco embutido com ${manifest.database.rows} linhas em ${Object.keys(manifest.database.tables).length} tabelas (${manifest.database.migrations.count} migrações)`,
    );
  const total = manifest.files.reduce((sum, f) => sum + f.size, 0);
  parts.push(`${manifest.files.length} arquivos (${megabytes(total)})`);
  if (manifest.vanished.length > 0)
    parts.push(`${manifest.vanished.length} arquivos apagados durante o backup ficaram de fora`);
  return parts.join(", ");
}
