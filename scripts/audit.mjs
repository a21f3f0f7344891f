// CI's dependency audit (decision 112): `npm audit --omit=dev --audit-level=high`, failing on a high or
// critical finding in what production installs. A registry that cannot answer audits (a mirror
// that refuses the bulk advisory endpoint, as this project's build machines' does with 405) is
// said plainly and does not fail the run: nothing was found because nothing could be asked.
import { spawnSync } from "node:child_process";

const run = spawnSync("npm", ["audit", "--omit=dev", "--audit-level=high", "--json"], {
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
});
let report;
try {
  report = JSON.parse(run.stdout || "{}");
} catch {
  report = {};
}
const counts = report.metadata?.vulnerabilities;
if (counts) {
  const serious = (counts.high ?? 0) + (counts.critical ?? 0);
  console.log(
    `npm audit (produção): ${counts.critical ?? 0} crítica(s), ${counts.high ?? 0} alta(s), ${counts.moderate ?? 0} moderada(s), ${counts.low ?? 0} baixa(s).`,
  );
  if (serious > 0) {
    for (const [name, finding] of Object.entries(report.vulnerabilities ?? {}))
      if (finding.severity === "high" || finding.severity === "critical")
        console.log(`  ${finding.severity}: ${name} ${finding.range ?? ""}`);
    process.exit(1);
  }
  process.exit(0);
}
// Anything else is an audit that could not be asked (the registry refused it, the network failed):
// said plainly; AUDIT_REQUIRED=1, where the registry does answer audits, makes it a failure.
const why = report.statusCode
  ? `${report.statusCode} ${report.uri ?? ""}`.trim()
  : (run.stderr || run.stdout || "sem resposta").trim().split("\n").at(-1).slice(0, 200);
console.log(
  `npm audit: o registro não respondeu à auditoria (${why}); dependências não verificadas nesta execução.`,
);
process.exit(process.env.AUDIT_REQUIRED === "1" ? 1 : 0);
