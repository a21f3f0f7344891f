import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { documentSchemas, isDocumentName } from "@domain/content/schemas.ts";
import type { ContentLevel } from "@domain/content-lookup.ts";
import { domainConfigSchema } from "@domain/domain-config.ts";
import { type DomainConfig, isAcceptedLanguage } from "@domain/locale.ts";

/** A content file that cannot be used; the message names the file and what is wrong. */
export class ContentFileError extends Error {
  override name = "ContentFileError";
}

export interface ContentFile extends ContentLevel {
  name: string;
  /** Path relative to the content folder, for messages. */
  file: string;
  data: unknown;
  /** sha256 of the validated data, to tell a new release's file from the one already loaded. */
  hash: string;
}

export async function readDomainConfig(contentDir: string): Promise<DomainConfig> {
  const file = path.join(contentDir, "config/domains.json");
  const raw = await readJson(file, "config/domains.json");
  const parsed = domainConfigSchema.safeParse(raw);
  if (!parsed.success)
    throw new ContentFileError(`config/domains.json: ${formatIssue(parsed.error.issues[0]!)}`);
  return parsed.data;
}

/**
 * Reads and validates every document under content/data. The folder layout mirrors the
 * lookup levels of A §4: data/{name}.json, data/{lang}/, data/{segment}/, data/{segment}/{lang}/.
 */
export async function readContentFiles(contentDir: string, domains: DomainConfig): Promise<ContentFile[]> {
  const root = path.join(contentDir, "data");
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && e.name.endsWith(".json"))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
  const result: ContentFile[] = [];
  for (const relative of files) {
    const shown = `data/${relative.split(path.sep).join("/")}`;
    const level = levelOf(relative.split(path.sep).slice(0, -1), domains, shown);
    const name = path.basename(relative, ".json");
    if (!isDocumentName(name))
      throw new ContentFileError(`${shown}: unknown document "${name}" (no schema for it)`);
    const parsed = documentSchemas[name].safeParse(await readJson(path.join(root, relative), shown));
    if (!parsed.success) throw new ContentFileError(`${shown}: ${formatIssue(parsed.error.issues[0]!)}`);
    result.push({ ...level, name, file: shown, data: parsed.data, hash: hashOf(parsed.data) });
  }
  return result;
}

function levelOf(folders: string[], domains: DomainConfig, shown: string): ContentLevel {
  const isSegment = (f: string) => Object.hasOwn(domains.subdomains, f);
  if (folders.length === 0) return { segment: "", lang: "" };
  if (folders.length === 1) {
    const [folder] = folders as [string];
    if (isAcceptedLanguage(folder)) return { segment: "", lang: folder };
    if (isSegment(folder)) return { segment: folder, lang: "" };
  }
  if (folders.length === 2) {
    const [segment, lang] = folders as [string, string];
    if (isSegment(segment) && isAcceptedLanguage(lang)) return { segment, lang };
  }
  throw new ContentFileError(
    `${shown}: folder "${folders.join("/")}" is neither a language, a segment of config/domains.json, nor segment/language`,
  );
}

async function readJson(file: string, shown: string): Promise<unknown> {
  const text = await readFile(file, "utf8").catch((error: Error) => {
    throw new ContentFileError(`${shown}: cannot read (${error.message})`);
  });
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ContentFileError(`${shown}: invalid JSON (${(error as Error).message})`);
  }
}

export function formatIssue(issue: { path: PropertyKey[]; message: string }): string {
  const where = issue.path.length ? issue.path.map(String).join(".") : "(document)";
  return `${where}: ${issue.message}`;
}

export function hashOf(data: unknown): string {
  return createHash("sha256").update(JSON.stringify(data)).digest("hex");
}
