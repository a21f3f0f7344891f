import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { openArchive } from "@server/backup/archive.ts";
import { PGLITE_EXTENSIONS } from "@server/db/pglite-extensions.ts";
import { issueFormToken } from "@server/leads/spam.ts";
import { Signer } from "@server/secrets.ts";
import { afterAll, describe, expect, it } from "vitest";
import { ONE_PIXEL_PNG } from "../support/images.ts";
import {
  callApi,
  demoAccounts,
  demoTokens,
  loginToken,
  runCli,
  type ServerProcess,
  startServerProcess,
  tempDataDir,
} from "../support/server-process.ts";

const SECRET = "backup-test-secret-0123456789abcdef0123";
const ENV = {
  SESSION_SECRET: SECRET,
  FORM_RATE_LIMIT_PER_MINUTE: "100000",
  LOGIN_RATE_LIMIT_PER_MINUTE: "1000",
};
const outDir = mkdtempSync(path.join(tmpdir(), "backup-archive-"));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** A contact lead as the site's form posts it, with a form token shown ten seconds earlier. */
function postLead(server: ServerProcess, email: string) {
  return fetch(`${server.url}/api/leads`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      form: "contato",
      answers: { nome: "Pessoa de Teste", email, mensagem: "Quero uma proposta para a minha empresa." },
      requestKey: randomUUID(),
      formToken: issueFormToken(new Signer(SECRET), Date.now() - 10_000),
    }),
  });
}

/** Reads the stopped (or restored) DATA_DIR's database directly. */
async function withDatabase<T>(dataDir: string, read: (db: PGlite) => Promise<T>): Promise<T> {
  const db = await PGlite.create(path.join(dataDir, "pglite"), { extensions: PGLITE_EXTENSIONS });
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

describe("db:backup of a running server and db:restore into a new DATA_DIR (decision 110)", () => {
  it("restores leads, a ticket with its attachment, a content change and an upload; a backup during writes is consistent", async () => {
    const server = await startServerProcess(ENV);
    const source = server.dataDir;
    const accounts = demoAccounts(server);
    const { admin, customer } = await demoTokens(server);

    // Leads, as visitors send them.
    const accepted: string[] = [];
    for (let i = 0; i < 10; i++) {
      const email = `antes-${i}@example.com`;
      const res = await postLead(server, email);
      expect(res.status).toBe(201);
      accepted.push(email);
    }

    // A support ticket with an attachment, opened by the demo customer on the portal's form.
    const form = new FormData();
    form.append("category", "problema");
    form.append("priority", "alta");
    form.append("subject", "Backup: chamado com anexo");
    form.append("description", "O anexo precisa voltar depois da restauração.");
    form.append("anexos", new File([ONE_PIXEL_PNG], "tela.png", { type: "image/png" }));
    const opened = await fetch(`${server.url}/user/suporte/novo`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, Authorization: `Bearer ${customer}` },
      body: form,
    });
    expect(opened.status).toBe(302);
    const ticketPath = (opened.headers.get("location") ?? "").replace(/\?.*$/, "");
    expect(ticketPath).toMatch(/^\/user\/suporte\/[0-9a-f-]{36}$/);
    const ticketPage = await (
      await fetch(server.url + ticketPath, { headers: { Authorization: `Bearer ${customer}` } })
    ).text();
    const attachmentPath = new RegExp(`href="(${ticketPath}/anexos/[0-9a-f-]{36})"`).exec(ticketPage)?.[1];
    expect(attachmentPath).toBeTruthy();

    // A content change through the admin's JSON API.
    const read = await callApi(server.url, "/api/json/testimonials-data", { token: admin });
    const title = `Depoimentos restaurados ${randomUUID().slice(0, 8)}`;
    const saved = await callApi(server.url, "/api/json/testimonials-data", {
      method: "PUT",
      token: admin,
      headers: { "Content-Type": "application/json", "If-Match": read.headers.get("etag")! },
      body: JSON.stringify({ ...(await read.json()), title }),
    });
    expect(saved.status).toBe(200);

    // An uploaded image.
    const uploaded = await fetch(`${server.url}/api/uploads`, {
      method: "POST",
      headers: { "Content-Type": "image/png", Authorization: `Bearer ${admin}` },
      body: ONE_PIXEL_PNG,
    });
    expect(uploaded.status).toBe(201);
    const uploadUrl = ((await uploaded.json()) as { url: string }).url;

    // The backup, through the running server, while visitors keep sending leads.
    let writing = true;
    let during = 0;
    let slowest = 0;
    const sentDuring: string[] = [];
    const stream = (async () => {
      while (writing) {
        const email = `durante-${during++}@example.com`;
        const sentAt = Date.now();
        const res = await postLead(server, email);
        slowest = Math.max(slowest, Date.now() - sentAt);
        expect(res.status).toBe(201);
        sentDuring.push(email);
      }
    })();
    // Some leads are on their way before the backup starts.
    await expect.poll(() => sentDuring.length).toBeGreaterThanOrEqual(3);
    const archive = path.join(outDir, "site.zip");
    const started = Date.now();
    const backup = await runCli(["db-backup", "--out", archive], { DATA_DIR: source });
    const backupMs = Date.now() - started;
    writing = false;
    await stream;
    expect(backup.output).toMatch(/Backup feito pelo servidor em execução \(processo \d+\)/);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/Backup gravado em .*banco embutido com \d+ linhas/);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    expect(sentDuring.length).toBeGreaterThan(3);

    // The server kept serving during the backup and stops cleanly, its socket removed.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(await server.stop()).toBe(0);
    expect(existsSync(path.join(source, "operator.sock"))).toBe(false);

    const { manifest } = openArchive(
      new Uint8Array(await import("node:fs").then((fs) => fs.readFileSync(archive))),
    );
    expect(manifest.via).toBe("server");
    expect(manifest.files.map((f) => f.path)).toEqual(
      expect.arrayContaining([
        `uploads/${path.basename(uploadUrl)}`,
        expect.stringMatching(/^private\/tickets\//),
      ]),
    );

    // Restore into a new, empty DATA_DIR, with no server running.
    const target = path.join(tempDataDir(), "restored");
    const restoreStarted = Date.now();
    const restore = await runCli(["db-restore", "--in", archive], { DATA_DIR: target });
    const restoreMs = Date.now() - restoreStarted;
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(
      /^Restaurado em .*banco embutido com \d+ linhas em \d+ tabelas, \d+ arquivos/m,
    );
    // Restoring over data is refused.
    const again = await runCli(["db-restore", "--in", archive], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.output.trim()).toMatch(/^DATA_DIR \(.*\) não está vazio/);

    // The restored database is whole: every lead accepted before the backup, no lead that was never
    // sent, each lead with its delivery jobs, and every stored file a row names on disk.
    const facts = await withDatabase(target, async (db) => {
      const leadEmails = (
        await db.query<{ email: string }>("select answers->>'email' as email from leads")
      ).rows.map((r) => r.email);
      const withoutJobs = (
        await db.query<{ n: number }>(
          "select count(*)::int as n from leads l where not exists (select 1 from delivery_jobs j where j.lead_id = l.id)",
        )
      ).rows[0]!.n;
      const attachments = (
        await db.query<{ storage_name: string }>("select storage_name from ticket_attachments")
      ).rows.map((r) => r.storage_name);
      const mediaFiles = (
        await db.query<{ storage_name: string }>(
          "select storage_name from media where storage_name is not null",
        )
      ).rows.map((r) => r.storage_name);
      return { leadEmails, withoutJobs, attachments, mediaFiles };
    });
    for (const email of accepted) expect(facts.leadEmails).toContain(email);
    const sent = new Set([...accepted, ...sentDuring]);
    for (const email of facts.leadEmails) expect(sent.has(email), email).toBe(true);
    expect(facts.withoutJobs).toBe(0);
    expect(facts.attachments.length).toBeGreaterThanOrEqual(1);
    for (const name of facts.attachments)
      expect(existsSync(path.join(target, "private", "tickets", name)), name).toBe(true);
    for (const name of facts.mediaFiles)
      expect(existsSync(path.join(target, "uploads", name)), name).toBe(true);
    const duringRestored = facts.leadEmails.filter((e) => e.startsWith("durante-")).length;

    // A server on the restored DATA_DIR has everything.
    const restored = await startServerProcess({ ...ENV, DATA_DIR: target });
    try {
      // The customer signs in with the restored account (admins are left out: their second factor,
      // decision 112, is tested elsewhere, and the content check needs no session).
      const customerAgain = await loginToken(
        restored.url,
        accounts.customer.email,
        accounts.customer.password,
      );
      const ticket = await fetch(restored.url + ticketPath, {
        headers: { Authorization: `Bearer ${customerAgain}` },
      });
      expect(ticket.status).toBe(200);
      expect(await ticket.text()).toContain("Backup: chamado com anexo");
      const download = await fetch(restored.url + attachmentPath!, {
        headers: { Authorization: `Bearer ${customerAgain}` },
      });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(ONE_PIXEL_PNG)).toBe(true);
      // The admin's content change is on the public home page.
      expect(await (await fetch(`${restored.url}/?v=${Date.now()}`)).text()).toContain(title);
      const image = await fetch(restored.url + uploadUrl);
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer()).equals(ONE_PIXEL_PNG)).toBe(true);
      // New leads still go in after the restore.
      expect((await postLead(restored, "depois@example.com")).status).toBe(201);
    } finally {
      expect(await restored.stop()).toBe(0);
    }

    const rows = manifest.database.kind === "pglite" ? manifest.database.rows : 0;
    console.info(
      `backup-restore figures: ${rows} rows, ${manifest.files.length} files, archive ${statSync(archive).size} bytes, ` +
        `backup ${backupMs} ms (CLI process included) with ${sentDuring.length} leads sent during it ` +
        `(${duringRestored} in the backup, slowest answer ${slowest} ms), restore ${restoreMs} ms, source DATA_DIR files listed: ${readdirSync(source).join(",")}`,
    );
  }, 180_000);
});
