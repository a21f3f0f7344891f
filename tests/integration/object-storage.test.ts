import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileRefusals } from "@domain/refusals/content.ts";
import { openArchive } from "@server/backup/archive.ts";
import type { DatabaseHandle } from "@server/db/client.ts";
import { deliveryJobs, supportTickets, users } from "@server/db/schema.ts";
import { checkBucket, S3FileStorage, type S3Settings, s3Client } from "@server/files/s3.ts";
import { FILE_AREAS } from "@server/files/storage.ts";
import type { PortalActor } from "@server/portal/members.ts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeJira, startFakeJira } from "../fakes/jira.ts";
import { databaseTargets, dropCreatedDatabases } from "../support/databases.ts";
import { ONE_PIXEL_PNG } from "../support/images.ts";
import { leadStack, testClock } from "../support/lead-stack.ts";
import { testHasher } from "../support/passwords.ts";
import { type LocalS3, S3_KEYS, startLocalS3 } from "../support/s3-server.ts";
import { serverDatabaseTargets } from "../support/server-databases.ts";
import {
  demoTokens,
  loginToken,
  runCli,
  type ServerProcess,
  startServerProcess,
  tempDataDir,
} from "../support/server-process.ts";

/**
 * Every file the product keeps in S3-compatible object storage (decision 120), against s3rver, a
 * real S3-speaking server: the storage's own answers and failures, storage:migrate, backups, a
 * server's uploads and a support ticket's attachments on both databases.
 */

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.close();
  await dropCreatedDatabases();
});

const settings = (overrides: Partial<S3Settings> = {}): S3Settings => ({
  bucket: s3.bucket,
  endpoint: s3.endpoint,
  region: "us-east-1",
  forcePathStyle: true,
  ...S3_KEYS,
  ...overrides,
});

/** A store of one area with the failures it logs. */
async function storeWith(overrides: Partial<S3Settings> = {}, prefix = "uploads/") {
  const logged: Record<string, unknown>[] = [];
  const config = settings(overrides);
  const store = new S3FileStorage(await s3Client(config), config.bucket, prefix, {
    error: (fields: object) => logged.push(fields as Record<string, unknown>),
  } as never);
  return { store, logged };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: { kind?: string; code?: string; message: string; retryAfterSeconds?: number }) => error,
  );

describe("the bucket as the product's file store", () => {
  it("stores, reads, lists and removes a file by its name, each area under its own prefix", async () => {
    const uploads = (await storeWith({}, "uploads/")).store;
    const tickets = (await storeWith({}, "private/tickets/")).store;
    const nfse = (await storeWith({}, "private/nfse/")).store;
    const name = `${randomUUID()}.png`;
    await uploads.put(name, ONE_PIXEL_PNG);
    await tickets.put("a1", Buffer.from("anexo"));
    await nfse.put("n1.xml", Buffer.from("<nfse/>"));

    expect(Buffer.compare((await uploads.get(name))!, ONE_PIXEL_PNG)).toBe(0);
    expect(await uploads.get("nao-existe.png")).toBeNull();
    const listed = async (store: S3FileStorage) => {
      const names: string[] = [];
      for await (const file of store.list()) names.push(`${file.name}:${file.size}`);
      return names;
    };
    expect(await listed(uploads)).toContain(`${name}:${ONE_PIXEL_PNG.byteLength}`);
    // private/tickets/ and private/nfse/ never show in each other's list.
    expect(await listed(tickets)).toEqual(["a1:5"]);
    expect(await listed(nfse)).toEqual(["n1.xml:7"]);
    expect(uploads.location).toBe(`s3://${s3.bucket}/uploads/`);

    await uploads.remove(name);
    expect(await uploads.get(name)).toBeNull();
    await tickets.remove("a1");
    await nfse.remove("n1.xml");
  });

  it("a missing bucket: refused as 'unavailable' with the cause, logged with what to check", async () => {
    const { store, logged } = await storeWith({ bucket: "nao-existe" });
    const error = await refusal(store.put("x.png", ONE_PIXEL_PNG));
    expect(error).toMatchObject({ kind: "unavailable", code: "files.bucketMissing", retryAfterSeconds: 30 });
    expect(error.message).toBe(fileRefusals.pt.bucketMissing);
    expect(logged[0]).toMatchObject({ failure: "bucket-missing", operation: "put", bucket: "nao-existe" });
    expect(String(logged[0]!.check)).toContain("S3_BUCKET");
    expect((await refusal(store.get("x.png"))).code).toBe("files.bucketMissing");
    expect(await checkBucket(await s3Client(settings({ bucket: "nao-existe" })), "nao-existe")).toBe(
      "bucket-missing",
    );
    expect(await checkBucket(await s3Client(settings()), s3.bucket)).toBeNull();
  });

  it("wrong credentials: refused with the credentials named, never as a missing file", async () => {
    const { store, logged } = await storeWith({ accessKeyId: "ERRADA", secretAccessKey: "errada" });
    expect((await refusal(store.put("x.png", ONE_PIXEL_PNG))).code).toBe("files.credentialsRefused");
    // A read refused for credentials is not "no such file" (which would answer 404 and be cached).
    expect((await refusal(store.get("x.png"))).code).toBe("files.credentialsRefused");
    expect(logged[0]).toMatchObject({ failure: "credentials" });
    expect(String(logged[0]!.check)).toContain("S3_ACCESS_KEY_ID");
  });

  it("a store that accepts the connection and never answers: refused as a time-out, within its limit", async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const { store, logged } = await storeWith({ endpoint: `http://127.0.0.1:${port}`, timeoutMs: 300 });
      const started = Date.now();
      const error = await refusal(store.put("x.png", ONE_PIXEL_PNG));
      expect(error.code).toBe("files.timedOut");
      expect(error.message).toBe(fileRefusals.pt.timedOut);
      // Two attempts of 300 ms and the SDK's back-off between them, not a hung request.
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(logged[0]).toMatchObject({ failure: "timeout" });
    } finally {
      silent.close();
    }
  });

  it("nobody listening at the endpoint: refused as unreachable", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { store } = await storeWith({ endpoint: `http://127.0.0.1:${port}` });
    expect((await refusal(store.get("x.png"))).code).toBe("files.unreachable");
  });
});

describe("npm run storage:migrate -- --to s3", () => {
  /** A DATA_DIR with files in every area (and a half-written one, which is not a file yet). */
  function dataDirWithFiles(): { dataDir: string; paths: string[] } {
    const dataDir = tempDataDir();
    const paths = [
      `uploads/${randomUUID().slice(0, 20)}.png`,
      `uploads/${randomUUID().slice(0, 20)}-480.webp`,
      `private/tickets/${randomUUID()}`,
      `private/nfse/${randomUUID()}.pdf`,
      `private/nfse/${randomUUID()}.xml`,
    ];
    for (const [i, relative] of paths.entries()) {
      const target = path.join(dataDir, relative);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, `arquivo ${i} ${relative}`);
    }
    writeFileSync(path.join(dataDir, "uploads", "metade.png.123.456.part"), "meio");
    return { dataDir, paths };
  }

  it("copies every area under the same paths, skips what is there on the next run, and resumes a cut run", async () => {
    const bucket = `migrar-${Date.now()}`;
    const migrating = await startLocalS3(bucket);
    try {
      const { dataDir, paths } = dataDirWithFiles();
      const env = { DATA_DIR: dataDir, ...migrating.env };
      // A run cut short after one file: that file is already in the bucket.
      await (await storeWith({ bucket, endpoint: migrating.endpoint }, "uploads/")).store.put(
        paths[0]!.slice("uploads/".length),
        Buffer.from(`arquivo 0 ${paths[0]}`),
      );

      const first = await runCli(["storage-migrate", "--to", "s3"], env);
      expect(first.code, first.output).toBe(0);
      expect(first.output).toContain("4 arquivos copiados");
      expect(first.output).toContain("1 já estavam no bucket");
      expect(first.output).toMatch(/private\/nfse: 2 copiados, 0 já no bucket/);
      for (const relative of paths) {
        const [area] = (Object.entries(FILE_AREAS) as [keyof typeof FILE_AREAS, string][]).filter(
          ([, prefix]) =>
            relative.startsWith(`${prefix}/`) && !relative.slice(prefix.length + 1).includes("/"),
        );
        const store = (await storeWith({ bucket, endpoint: migrating.endpoint }, `${area![1]}/`)).store;
        const bytes = await store.get(relative.slice(area![1].length + 1));
        expect(bytes?.toString(), relative).toBe(`arquivo ${paths.indexOf(relative)} ${relative}`);
      }
      // The half-written file stayed behind; the local files are left for the operator.
      expect(
        await (await storeWith({ bucket, endpoint: migrating.endpoint })).store.get(
          "metade.png.123.456.part",
        ),
      ).toBeNull();
      expect(existsSync(path.join(dataDir, paths[0]!))).toBe(true);

      const again = await runCli(["storage-migrate", "--to", "s3"], env);
      expect(again.code, again.output).toBe(0);
      expect(again.output).toContain("0 arquivos copiados");
      expect(again.output).toContain("5 já estavam no bucket");
    } finally {
      await migrating.close();
    }
  });

  it("refuses another target, a missing S3_BUCKET and a bucket that does not exist, copying nothing", async () => {
    const { dataDir } = dataDirWithFiles();
    const other = await runCli(["storage-migrate", "--to", "gcs"], { DATA_DIR: dataDir, ...s3.env });
    expect(other.code).toBe(2);
    expect(other.output).toContain("Uso: npm run storage:migrate -- --to s3");
    const unset = await runCli(["storage-migrate", "--to", "s3"], { DATA_DIR: dataDir });
    expect(unset.code).toBe(2);
    expect(unset.output).toContain("S3_BUCKET não está definida");
    const missing = await runCli(["storage-migrate", "--to", "s3"], {
      DATA_DIR: dataDir,
      ...s3.env,
      S3_BUCKET: "nao-existe",
    });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain(
      "O bucket nao-existe não pode ser usado (bucket-missing): nada foi copiado.",
    );
  });
});

describe("backups with the files in the bucket", () => {
  it("db:backup reads the files from the bucket, and db:restore writes them back there", async () => {
    const bucket = `backup-${Date.now()}`;
    const store = await startLocalS3(bucket);
    try {
      // With DATABASE_URL the archive holds the files only (the database is pg_dump's): the commands
      // never connect to it, so this address is never dialled.
      const files = { ...store.env, DATABASE_URL: "postgres://ninguem@127.0.0.1:1/sem-banco" };
      const uploads = (await storeWith({ bucket, endpoint: store.endpoint }, "uploads/")).store;
      const tickets = (await storeWith({ bucket, endpoint: store.endpoint }, "private/tickets/")).store;
      await uploads.put("abc.png", ONE_PIXEL_PNG);
      await tickets.put("anexo-1", Buffer.from("anexo"));
      const archive = path.join(tempDataDir(), "backup.zip");
      const backup = await runCli(["db-backup", "--out", archive], { DATA_DIR: tempDataDir(), ...files });
      expect(backup.code, backup.output).toBe(0);
      const { manifest } = openArchive(readFileSync(archive));
      expect(manifest.files.map((file) => file.path).sort()).toEqual([
        "private/tickets/anexo-1",
        "uploads/abc.png",
      ]);

      // Restored into an empty DATA_DIR and an empty bucket: the files land in the bucket.
      await uploads.remove("abc.png");
      await tickets.remove("anexo-1");
      const restored = await runCli(["db-restore", "--in", archive], {
        DATA_DIR: tempDataDir(),
        ...store.env,
      });
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).toContain(`Arquivos restaurados no armazenamento de objetos (s3://${bucket})`);
      expect(Buffer.compare((await uploads.get("abc.png"))!, ONE_PIXEL_PNG)).toBe(0);
      expect((await tickets.get("anexo-1"))?.toString()).toBe("anexo");
    } finally {
      await store.close();
    }
  });
});

/**
 * An admin's session on a server: the demo admin of a local embedded start, or (PostgreSQL gets no
 * demo accounts) one made with `npm run user:create` as an operator would.
 */
async function adminOf(server: ServerProcess, env: Record<string, string>): Promise<string> {
  if (/admin: +\S+ \/ \S+/.test(server.output())) return (await demoTokens(server)).admin;
  const email = `admin-${randomUUID().slice(0, 8)}@vertice.local`;
  const made = await runCli(
    ["user-create", "--email", email, "--password", "senha-forte-admin-1", "--role", "admin"],
    env,
  );
  if (made.code !== 0) throw new Error(made.output);
  return loginToken(server.url, email, "senha-forte-admin-1");
}

describe.each(serverDatabaseTargets())("a server with its files in the bucket, on $name", (target) => {
  let server: ServerProcess;
  let admin: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    env = { ...(await target.database()).env, ...s3.env };
    server = await startServerProcess(env);
    admin = await adminOf(server, env);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const upload = (url: string, bytes: Buffer) =>
    fetch(`${url}/api/uploads`, {
      method: "POST",
      headers: { "Content-Type": "image/png", Authorization: `Bearer ${admin}` },
      body: new Uint8Array(bytes),
    });

  it("an uploaded image goes to the bucket, not to DATA_DIR, and is served from it", async () => {
    const response = await upload(server.url, ONE_PIXEL_PNG);
    expect(response.status).toBe(201);
    const { url, name } = (await response.json()) as { url: string; name: string };
    expect(existsSync(path.join(server.dataDir, "uploads", name))).toBe(false);
    const stored = await (await storeWith({}, "uploads/")).store.get(name);
    expect(stored && Buffer.compare(stored, ONE_PIXEL_PNG)).toBe(0);
    const served = await fetch(server.url + url);
    expect(served.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), ONE_PIXEL_PNG)).toBe(0);

    // Another instance on the same database and bucket serves it too (PostgreSQL: the embedded
    // database belongs to one process).
    if (target.name === "postgres") {
      const second = await startServerProcess(env);
      try {
        const fromSecond = await fetch(second.url + url);
        expect(fromSecond.status).toBe(200);
        expect(Buffer.compare(Buffer.from(await fromSecond.arrayBuffer()), ONE_PIXEL_PNG)).toBe(0);
      } finally {
        await second.stop();
      }
    }
  });

  it("with the bucket gone: the start says so, an upload is refused with the cause (503), an image answers 503, not 404", async () => {
    const brokenEnv = { ...(await target.database()).env, ...s3.env, S3_BUCKET: "nao-existe" };
    const broken = await startServerProcess(brokenEnv);
    try {
      await expect.poll(() => broken.output()).toContain("object storage not usable");
      expect(broken.output()).toContain("bucket-missing");
      const token = await adminOf(broken, brokenEnv);
      const refused = await fetch(`${broken.url}/api/uploads`, {
        method: "POST",
        headers: { "Content-Type": "image/png", Authorization: `Bearer ${token}` },
        body: new Uint8Array(ONE_PIXEL_PNG),
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("30");
      expect((await refused.json()).message).toBe(fileRefusals.pt.bucketMissing);
      expect(broken.output()).toContain("object storage failed");
      // The media library's upload (what the admin's form shows): refused in words, nothing listed.
      const media = await fetch(`${broken.url}/api/media?altPt=Logo&altEn=Logo&name=logo.png`, {
        method: "POST",
        headers: { "Content-Type": "image/png", Authorization: `Bearer ${token}` },
        body: new Uint8Array(ONE_PIXEL_PNG),
      });
      expect(media.status).toBe(503);
      expect((await media.json()).message).toBe(fileRefusals.pt.bucketMissing);
      const library = await fetch(`${broken.url}/api/media`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(((await library.json()) as { items: unknown[] }).items).toEqual([]);
      const image = await fetch(`${broken.url}/uploads/0123456789abcdef0123.png`);
      expect(image.status).toBe(503);
      expect(image.headers.get("cache-control")).toBe("no-store");
    } finally {
      await broken.stop();
    }
  });
});

describe.each(databaseTargets())("a support ticket's attachments in the bucket, on $name", (target) => {
  let handle: DatabaseHandle;
  let jira: FakeJira;

  beforeEach(async () => {
    [handle, jira] = await Promise.all([target.open(), startFakeJira()]);
  });
  afterEach(async () => {
    await Promise.all([jira.close(), handle.close()]);
  });

  async function customer(stack: Awaited<ReturnType<typeof leadStack>>): Promise<PortalActor> {
    const company = await stack.services.companies.create({
      cnpj: "12.ABC.345/01DE-35",
      legalName: "Agro Sul Comércio de Grãos Ltda",
      planId: "profissional",
    });
    const [user] = await handle.db
      .insert(users)
      .values({
        id: randomUUID(),
        email: "ana@agrosul.com.br",
        username: "anaagrosul",
        name: "Ana",
        role: "customer",
        companyId: company.id,
        companyRole: "owner",
        passwordHash: await testHasher.hash("senha-de-teste-1"),
        preferences: { language: "pt" as const },
      })
      .returning();
    return { id: user!.id, name: user!.name, email: user!.email, companyId: company.id, role: "owner" };
  }

  const ticketInput = {
    category: "problema",
    priority: "alta",
    subject: "Nota fiscal não é emitida",
    description: "Ao emitir a NF-e do pedido 123 aparece erro de rejeição.",
  } as const;

  it("are kept in the bucket and reach Jira from it; with the bucket gone, the ticket is refused whole", async () => {
    const stack = await leadStack(handle, jira, testClock(), { env: { DATA_DIR: tempDataDir(), ...s3.env } });
    try {
      const member = await customer(stack);
      const ticket = await stack.services.tickets.open(member, ticketInput, [
        { filename: "tela.png", bytes: ONE_PIXEL_PNG },
      ]);
      while ((await stack.worker.kick()) > 0) {}
      expect(jira.issues).toHaveLength(1);
      expect(Buffer.compare(jira.issues[0]!.attachments[0]!.content, ONE_PIXEL_PNG)).toBe(0);
      const [attachment] = (await stack.services.tickets.get(member, ticket.id)).attachments;
      expect(readdirSync(path.join(s3.directory, s3.bucket)).length).toBeGreaterThan(0);
      const file = await stack.services.tickets.attachment(member, ticket.id, attachment!.id);
      expect(file && Buffer.compare(Buffer.from(file.bytes), ONE_PIXEL_PNG)).toBe(0);
    } finally {
      await stack.worker.stop();
    }

    const gone = await leadStack(handle, jira, testClock(), {
      env: { DATA_DIR: tempDataDir(), ...s3.env, S3_BUCKET: "nao-existe" },
    });
    try {
      const member = (await handle.db.select().from(users))[0]!;
      const actor: PortalActor = {
        id: member.id,
        name: member.name,
        email: member.email,
        companyId: member.companyId!,
        role: "owner",
      };
      const before = (await handle.db.select().from(supportTickets)).length;
      const error = await refusal(
        gone.services.tickets.open(actor, ticketInput, [{ filename: "tela.png", bytes: ONE_PIXEL_PNG }]),
      );
      expect(error).toMatchObject({ kind: "unavailable", code: "files.bucketMissing" });
      // Nothing accepted and then lost: no ticket, no delivery for a ticket whose file is not kept.
      expect((await handle.db.select().from(supportTickets)).length).toBe(before);
      expect(
        (await handle.db.select().from(deliveryJobs)).filter((job) => job.kind === "ticket"),
      ).toHaveLength(1);
    } finally {
      await gone.worker.stop();
    }
  });
});
