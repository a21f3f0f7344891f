// `npx tsx scripts/check-content.mjs`: validates every content file as the server does at start, and
// checks that each form document's routes are the paths the site mounts for it (domain/forms/form-paths.ts).
import { formRoutesProblem } from "../domain/forms/form-paths.ts";
import { readContentFiles, readDomainConfig } from "../server/content/files.ts";
import { contentDir } from "../server/paths.ts";

const domains = await readDomainConfig(contentDir);
const files = await readContentFiles(contentDir, domains);
let problems = 0;
for (const file of files) {
  const problem =
    file.name.startsWith("form-") && Array.isArray(file.data?.routes)
      ? formRoutesProblem(file.name.slice("form-".length), file.data.routes)
      : null;
  if (problem) {
    problems++;
    console.log(`ERR ${file.file}: ${problem}`);
  } else console.log(`ok  ${file.file}`);
}
if (problems) process.exit(1);
