// `npm run bench:tickets [count]`: a support ticket's round trip (decision 094), the production build on
// PostgreSQL with the fake Jira of the tests at its real REST paths and its signed webhooks. For each
// of `count` tickets (default 20), one after the other, as a customer's browser without JavaScript:
//   open     the multipart post of the new-ticket form with a PNG, until its answer (the protocol);
//   to Jira  from that answer until the issue exists in SUPP with its file;
//   reply    from support's comment in Jira until the customer's ticket page shows it (webhook);
//   answer   from the customer's reply post until Jira has the comment.
// Prints the median and 95th percentile of each, in ms. Needs PostgreSQL: TEST_DATABASE_URL, or
// postgres://root@127.0.0.1:5432/test.
import { randomUUID } from "node:crypto";
import { PasswordHasher } from "@server/auth/passwords.ts";
import { openDatabase } from "@server/db/client.ts";
import { companies, users } from "@server/db/schema.ts";
import { jiraEnv, startFakeJira } from "../tests/fakes/jira.ts";
import { createPostgresDatabase, dropCreatedDatabases } from "../tests/support/databases.ts";
import { ONE_PIXEL_PNG } from "../tests/support/images.ts";
import { loginToken } from "../tests/support/server-process.ts";
import { startBuiltServer } from "./server.mjs";

const count = Number(process.argv[2] ?? 20);
const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/test";
const SECRET = "bench-tickets-webhook-secret-0123";
const PASSWORD = "senha-do-bench-1";

const jira = await startFakeJira();
const databaseUrl = await createPostgresDatabase(adminUrl);
// A company and its owner, written before the server starts (as the ticket page tests do).
const database = await openDatabase({ kind: "postgres", url: databaseUrl });
const companyId = randomUUID();
const now = new Date();
await database.db.insert(companies).values({
  id: companyId,
  cnpj: "12ABC34501DE35",
  legalName: "Agro Sul Ltda",
  tradeName: "Agro Sul",
  planId: "profissional",
  createdAt: now,
  updatedAt: now,
});
await database.db.insert(users).values({
  id: randomUUID(),
  email: "dona@agrosul.com.br",
  username: "dona",
  name: "Dona Agro",
  role: "customer",
  companyId,
  companyRole: "owner",
  passwordHash: await new PasswordHasher().hash(PASSWORD),
  preferences: {},
});
await database.close();

const server = await startBuiltServer({
  DATABASE_URL: databaseUrl,
  ...jiraEnv(jira),
  JIRA_WEBHOOK_SECRET: SECRET,
  FORM_RATE_LIMIT_PER_MINUTE: "100000",
});
jira.configureWebhook({ url: `${server.url}/api/webhooks/jira`, secret: SECRET });
const token = await loginToken(server.url, "dona@agrosul.com.br", PASSWORD);
const auth = { Origin: server.url, Authorization: `Bearer ${token}` };

/** Waits until `done` holds, checking every 5 ms; answers the milliseconds it took from `since`. */
async function until(done: () => boolean | Promise<boolean>, since: number, what: string): Promise<number> {
  while (!(await done())) {
    if (performance.now() - since > 30_000) throw new Error(`${what}: not within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now() - since;
}

const times = { open: [] as number[], toJira: [] as number[], reply: [] as number[], answer: [] as number[] };
try {
  for (let i = 1; i <= count; i++) {
    const form = new FormData();
    form.append("category", "problema");
    form.append("priority", "alta");
    form.append("subject", `Erro ao emitir nota fiscal ${i}`);
    form.append("description", "Ao emitir a NF-e aparece a rejeição 225, em todas as filiais.");
    form.append("anexos", new File([ONE_PIXEL_PNG], "tela.png", { type: "image/png" }));
    const started = performance.now();
    const opened = await fetch(`${server.url}/user/suporte/novo`, {
      method: "POST",
      redirect: "manual",
      headers: auth,
      body: form,
    });
    const answered = performance.now();
    times.open.push(answered - started);
    const id = /\/user\/suporte\/([0-9a-f-]{36})/.exec(opened.headers.get("location") ?? "")?.[1];
    if (!id) throw new Error(`ticket ${i} not opened: ${opened.status}`);
    const issue = () => jira.issues.find((candidate) => candidate.labels.includes(`ticket-${id}`));
    times.toJira.push(await until(() => (issue()?.attachments.length ?? 0) === 1, answered, "to Jira"));

    const text = `Resposta do suporte ${i}: tente de novo agora.`;
    const replied = performance.now();
    jira.addSupportComment(issue()!.key, text);
    times.reply.push(
      await until(
        async () =>
          (await (await fetch(`${server.url}/user/suporte/${id}`, { headers: auth })).text()).includes(text),
        replied,
        "support's reply in the portal",
      ),
    );

    const answerText = `Funcionou, obrigada (${i}).`;
    const sent = performance.now();
    await fetch(`${server.url}/user/suporte/${id}`, {
      method: "POST",
      redirect: "manual",
      headers: { ...auth, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "reply", body: answerText }).toString(),
    });
    times.answer.push(
      await until(
        () => issue()!.comments.some((body) => JSON.stringify(body).includes(answerText)),
        sent,
        "the customer's answer in Jira",
      ),
    );
  }
  const quantile = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  };
  const issues = jira.issues.filter((issue) => issue.projectKey === "SUPP").length;
  console.log(`tickets: ${count}, issues in SUPP: ${issues} (exactly once: ${issues === count})`);
  for (const [name, values] of Object.entries(times))
    console.log(
      `${name.padEnd(7)} median ${quantile(values, 0.5).toFixed(0)} ms · p95 ${quantile(values, 0.95).toFixed(0)} ms`,
    );
  if (issues !== count) process.exitCode = 1;
} finally {
  await server.stop();
  await jira.close();
  await dropCreatedDatabases();
}
