import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { DomainConfig } from "@domain/locale.ts";
import { afterEach, describe, expect, it } from "vitest";
import { ContentFileError, hashOf, readContentFiles, readDomainConfig } from "./files.ts";

const REAL_CONTENT = fileURLToPath(new URL("../../content", import.meta.url));

/** Valid documents, taken from the shipped content. */
const menuData = JSON.parse(readFileSync(path.join(REAL_CONTENT, "data/menu_data.json"), "utf8")) as Record<
  string,
  unknown
>;
const footerData = JSON.parse(
  readFileSync(path.join(REAL_CONTENT, "data/footer-data.json"), "utf8"),
) as Record<string, unknown>;

const domains: DomainConfig = {
  domain: {},
  ignoredSubdomains: ["www"],
  adminSubdomain: "admin",
  subdomains: { agronegocio: { name: "Agronegócio" }, comercio: { name: "Comércio" } },
};

const tempDirs: string[] = [];
afterEach(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A content folder with the given files (path relative to the content folder -> JSON value or raw text). */
function contentDir(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "content-files-test-"));
  tempDirs.push(dir);
  mkdirSync(path.join(dir, "data"), { recursive: true });
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(dir, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

async function contentError(promise: Promise<unknown>): Promise<ContentFileError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ContentFileError);
  return error as ContentFileError;
}

describe("readContentFiles: the folder layout mirrors the lookup levels of A §4", () => {
  it("detects root, language, segment and segment/language levels", async () => {
    const dir = contentDir({
      "data/menu_data.json": menuData,
      "data/footer-data.json": footerData,
      "data/en/menu_data.json": { ...menuData, logo: "/images/logo-en.svg" },
      "data/agronegocio/menu_data.json": { ...menuData, logo: "/images/logo-agro.svg" },
      "data/agronegocio/en/footer-data.json": { ...footerData, description: "Agribusiness" },
    });
    const files = await readContentFiles(dir, domains);

    expect(files.map(({ file, name, segment, lang }) => ({ file, name, segment, lang }))).toEqual([
      {
        file: "data/agronegocio/en/footer-data.json",
        name: "footer-data",
        segment: "agronegocio",
        lang: "en",
      },
      { file: "data/agronegocio/menu_data.json", name: "menu_data", segment: "agronegocio", lang: "" },
      { file: "data/en/menu_data.json", name: "menu_data", segment: "", lang: "en" },
      { file: "data/footer-data.json", name: "footer-data", segment: "", lang: "" },
      { file: "data/menu_data.json", name: "menu_data", segment: "", lang: "" },
    ]);
  });

  it("returns the validated data (schema defaults applied) and its sha256", async () => {
    const menu = {
      logo: "/l.svg",
      main_menu: [{ type: "link", title: "Planos", link: "/planos" }],
    };
    const dir = contentDir({ "data/menu_data.json": menu });
    const [file] = await readContentFiles(dir, domains);

    const expected = {
      logo: "/l.svg",
      main_menu: [{ type: "link", class: [], title: "Planos", link: "/planos" }],
    };
    expect(file?.data).toEqual(expected);
    expect(file?.hash).toBe(hashOf(expected));
    expect(file?.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("the same data gives the same hash; different data a different one", async () => {
    const dir = contentDir({
      "data/menu_data.json": menuData,
      "data/en/menu_data.json": menuData,
      "data/comercio/menu_data.json": { ...menuData, logo: "/other.svg" },
    });
    const files = await readContentFiles(dir, domains);
    const byFile = Object.fromEntries(files.map((f) => [f.file, f.hash]));
    expect(byFile["data/menu_data.json"]).toBe(byFile["data/en/menu_data.json"]);
    expect(byFile["data/comercio/menu_data.json"]).not.toBe(byFile["data/menu_data.json"]);
  });

  it("ignores files that are not .json", async () => {
    const dir = contentDir({
      "data/menu_data.json": menuData,
      "data/README.md": "# notes",
      "data/en/.keep": "",
    });
    expect((await readContentFiles(dir, domains)).map((f) => f.file)).toEqual(["data/menu_data.json"]);
  });

  it("an empty data folder gives no files", async () => {
    expect(await readContentFiles(contentDir({}), domains)).toEqual([]);
  });

  it("accepts every accepted language as a folder, not only the offered ones", async () => {
    const dir = contentDir({
      "data/ja/menu_data.json": menuData,
      "data/comercio/es/menu_data.json": menuData,
    });
    const files = await readContentFiles(dir, domains);
    expect(files.map(({ segment, lang }) => ({ segment, lang }))).toEqual([
      { segment: "comercio", lang: "es" },
      { segment: "", lang: "ja" },
    ]);
  });
});

describe("readContentFiles: a file that cannot be used stops the load, naming the file", () => {
  it("invalid JSON", async () => {
    const dir = contentDir({
      "data/menu_data.json": menuData,
      "data/en/footer-data.json": '{"description": ',
    });
    const error = await contentError(readContentFiles(dir, domains));
    expect(error.message).toContain("data/en/footer-data.json");
    expect(error.message).toContain("invalid JSON");
  });

  it("unknown document name", async () => {
    const dir = contentDir({ "data/no-such-document.json": { title: "x" } });
    const error = await contentError(readContentFiles(dir, domains));
    expect(error.message).toBe(
      'data/no-such-document.json: unknown document "no-such-document" (no schema for it)',
    );
  });

  it("schema violation: the message includes the field path", async () => {
    const broken = {
      ...footerData,
      contact: { email: "not-an-email", phone: "(62) 3333-4000" },
    };
    const dir = contentDir({ "data/agronegocio/footer-data.json": broken });
    const error = await contentError(readContentFiles(dir, domains));
    expect(error.message.startsWith("data/agronegocio/footer-data.json: contact.email: ")).toBe(true);
  });

  it("schema violation deep in an array: the path lists the indexes", async () => {
    const menu = structuredClone(menuData) as { main_menu: Array<Record<string, unknown>> };
    menu.main_menu[1] = { ...menu.main_menu[1], type: "dropdown" };
    const dir = contentDir({ "data/menu_data.json": menu });
    const error = await contentError(readContentFiles(dir, domains));
    expect(error.message.startsWith("data/menu_data.json: main_menu.1.type: ")).toBe(true);
  });

  it("schema violation: an unknown key (strict documents)", async () => {
    const dir = contentDir({ "data/menu_data.json": { ...menuData, logo_dark: "/dark.svg" } });
    const error = await contentError(readContentFiles(dir, domains));
    expect(error.message).toContain("data/menu_data.json");
    expect(error.message).toContain("logo_dark");
  });

  it("unknown folder (neither language nor segment)", async () => {
    const dir = contentDir({ "data/industria/menu_data.json": menuData });
    const error = await contentError(readContentFiles(dir, domains));
    expect(error.message).toBe(
      'data/industria/menu_data.json: folder "industria" is neither a language, a segment of config/domains.json, nor segment/language',
    );
  });

  it("language then segment is the wrong order", async () => {
    const dir = contentDir({ "data/en/agronegocio/menu_data.json": menuData });
    const error = await contentError(readContentFiles(dir, domains));
    expect(error.message).toContain("data/en/agronegocio/menu_data.json");
    expect(error.message).toContain('folder "en/agronegocio"');
  });

  it("folder nesting too deep", async () => {
    const dir = contentDir({ "data/agronegocio/en/extra/menu_data.json": menuData });
    const error = await contentError(readContentFiles(dir, domains));
    expect(error.message).toContain("data/agronegocio/en/extra/menu_data.json");
    expect(error.message).toContain('folder "agronegocio/en/extra"');
  });

  it("a missing data folder is an error", async () => {
    const dir = contentDir({});
    rmSync(path.join(dir, "data"), { recursive: true });
    await expect(readContentFiles(dir, domains)).rejects.toThrow();
  });
});

describe("readDomainConfig: content/config/domains.json", () => {
  it("reads a valid configuration", async () => {
    const dir = contentDir({ "config/domains.json": domains });
    expect(await readDomainConfig(dir)).toEqual(domains);
  });

  it("a missing file names config/domains.json", async () => {
    const error = await contentError(readDomainConfig(contentDir({})));
    expect(error.message.startsWith("config/domains.json: cannot read (")).toBe(true);
  });

  it("invalid JSON names config/domains.json", async () => {
    const error = await contentError(readDomainConfig(contentDir({ "config/domains.json": "{" })));
    expect(error.message.startsWith("config/domains.json: invalid JSON (")).toBe(true);
  });

  it("a schema violation names the file and the field path", async () => {
    const dir = contentDir({
      "config/domains.json": {
        ...domains,
        subdomains: { comercio: { name: "Comércio", defaultLanguage: "ko" } },
      },
    });
    const error = await contentError(readDomainConfig(dir));
    expect(error.message.startsWith("config/domains.json: subdomains.comercio.defaultLanguage: ")).toBe(true);
  });

  it("an unknown key is refused", async () => {
    const dir = contentDir({ "config/domains.json": { ...domains, segments: [] } });
    const error = await contentError(readDomainConfig(dir));
    expect(error.message).toContain("config/domains.json");
    expect(error.message).toContain("segments");
  });
});

describe("the shipped content folder", () => {
  it("loads without error, with its root and English levels", async () => {
    const config = await readDomainConfig(REAL_CONTENT);
    expect(Object.keys(config.subdomains)).toContain("agronegocio");
    const files = await readContentFiles(REAL_CONTENT, config);
    expect(files.length).toBeGreaterThanOrEqual(4);
    expect(files.map((f) => f.file)).toEqual(
      expect.arrayContaining([
        "data/menu_data.json",
        "data/footer-data.json",
        "data/en/menu_data.json",
        "data/en/footer-data.json",
      ]),
    );
    expect(files.find((f) => f.file === "data/en/menu_data.json")).toMatchObject({
      name: "menu_data",
      segment: "",
      lang: "en",
    });
  });
});
