import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  demoTokens,
  editorToken,
  type ServerProcess,
  startServerProcess,
} from "../support/server-process.ts";

const demo = JSON.parse(readFileSync(new URL("../../content/data/form-demo.json", import.meta.url), "utf8"));

/**
 * A form's advanced fields are an admin's to change (decision 132), on the server: an editor's draft
 * that renames a field or turns debugging on is refused naming what it changed; the same editor may
 * change the texts; an admin may change both.
 */
describe("advanced fields through the draft API", () => {
  let server: ServerProcess;
  let admin: string;
  let editor: string;

  beforeAll(async () => {
    server = await startServerProcess();
    ({ admin } = await demoTokens(server));
    editor = await editorToken(server, admin);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const saveDraft = (token: string, data: unknown) =>
    fetch(`${server.url}/api/json/form-demo/draft`, {
      method: "PUT",
      headers: { Origin: server.url, "Content-Type": "application/json", Cookie: `session=${token}` },
      body: JSON.stringify(data),
    });

  it("refuses an editor's advanced change by its labels, keeps their texts, lets an admin", async () => {
    const renamed = structuredClone(demo);
    renamed.steps[0].fields[0].name = "nome";
    renamed.debug = true;
    const refused = await saveDraft(editor, renamed);
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as { message: string };
    expect(body.message).toBe(
      "Só administradores alteram os campos avançados, que podem quebrar a pontuação, a entrega ao Jira ou o endereço do formulário: Etapas › 1 › Campos › 1 › Nome interno; Modo de depuração. Desfaça essas mudanças ou peça a um administrador.",
    );

    const retitled = structuredClone(demo);
    retitled.title = "Agende uma demonstração";
    expect((await saveDraft(editor, retitled)).status).toBe(200);
    // Measured from the draft now saved: the editor's own title change is not advanced.
    retitled.steps[0].fields[0].label = "Seu nome completo";
    expect((await saveDraft(editor, retitled)).status).toBe(200);

    expect((await saveDraft(admin, renamed)).status).toBe(200);
  });
});
