import { chmodSync, rmSync } from "node:fs";
import net, { type Socket } from "node:net";
import path from "node:path";
import type { DatabaseHandle } from "../db/client.ts";
import type { FileAreas } from "../files/storage.ts";
import type { Logger } from "../logger.ts";
import { writeArchive } from "./archive.ts";
import { pgliteOf, snapshotPglite } from "./snapshot.ts";

/** The operator socket's name in DATA_DIR (decision 110). */
export const OPERATOR_SOCKET = "operator.sock";

export const operatorSocketPath = (dataDir: string) => path.resolve(dataDir, OPERATOR_SOCKET);

/** The first line the server answers: the archive's bytes follow an ok. */
export type OperatorAnswer = { ok: true; pid: number } | { ok: false; message: string };

export interface OperatorEndpoint {
  readonly path: string;
  /** Stops listening, ends the backups in progress and removes the socket. */
  close(): Promise<void>;
}

/**
 * The running server's operator endpoint (decision 110): a Unix domain socket in DATA_DIR, mode
 * 0600, so only the server's own user on this machine reaches it, never the network. The embedded
 * database belongs to this process, so `npm run db:backup` asks it here: the client writes
 * "backup\n", the server answers one JSON line and then the archive's bytes, and ends.
 */
export async function startOperatorEndpoint(options: {
  dataDir: string;
  database: DatabaseHandle;
  /** The file store the archive holds (DATA_DIR's folders or the bucket). */
  files: FileAreas;
  logger: Logger;
}): Promise<OperatorEndpoint> {
  const { dataDir, database, files, logger } = options;
  const socketPath = operatorSocketPath(dataDir);
  // This process holds the embedded database's lock, so a socket left here is a dead server's.
  rmSync(socketPath, { force: true });
  const connections = new Set<Socket>();
  const backups = new Set<Promise<void>>();

  const server = net.createServer((socket) => {
    connections.add(socket);
    socket.on("close", () => connections.delete(socket));
    socket.on("error", () => {});
    let request = "";
    const onData = (chunk: Buffer) => {
      request += chunk.toString("utf8");
      if (!request.includes("\n")) {
        if (request.length > 100) socket.destroy();
        return;
      }
      socket.off("data", onData);
      const command = request.slice(0, request.indexOf("\n")).trim();
      if (command !== "backup") {
        answer(socket, { ok: false, message: `Comando desconhecido: ${command.slice(0, 40)}` });
        socket.end();
        return;
      }
      const running = backUp(socket).finally(() => backups.delete(running));
      backups.add(running);
    };
    socket.on("data", onData);
  });

  const backUp = async (socket: Socket) => {
    const started = Date.now();
    try {
      const snapshot = await snapshotPglite(pgliteOf(database));
      answer(socket, { ok: true, pid: process.pid });
      const manifest = await writeArchive({
        files,
        via: "server",
        database: snapshot,
        sink: (chunk) => {
          if (socket.destroyed) throw new Error("the backup's client went away");
          if (!socket.write(chunk)) return new Promise((resolve) => socket.once("drain", resolve));
        },
      });
      await new Promise<void>((resolve) => socket.end(resolve));
      logger.info(
        {
          rows: manifest.database.kind === "pglite" ? manifest.database.rows : 0,
          files: manifest.files.length,
          ms: Date.now() - started,
        },
        "backup sent",
      );
    } catch (error) {
      logger.warn({ err: error }, "backup failed");
      // Before the archive began, the client gets the reason; after, a cut archive it refuses.
      if (socket.bytesWritten === 0)
        answer(socket, {
          ok: false,
          message: `O servidor não conseguiu fazer o backup: ${(error as Error).message}`,
        });
      socket.destroy();
    }
  };

  // Created 0600 from its first moment (umask while it is made), and set so again after.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } finally {
    process.umask(umask);
  }
  chmodSync(socketPath, 0o600);

  return {
    path: socketPath,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of connections) socket.destroy();
      await Promise.allSettled([...backups]);
      await closed;
      rmSync(socketPath, { force: true });
    },
  };
}

function answer(socket: Socket, message: OperatorAnswer) {
  if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
}
