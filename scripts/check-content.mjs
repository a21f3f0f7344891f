// `npx tsx scripts/check-content.mjs`: validates every content file as the server does at start.
import { readContentFiles, readDomainConfig } from "../server/content/files.ts";
import { contentDir } from "../server/paths.ts";

const domains = await readDomainConfig(contentDir);
const files = await readContentFiles(contentDir, domains);
for (const file of files) console.log(`ok  ${file.file}`);
