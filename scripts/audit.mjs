// CI's dependency audit (issue 32): `npm audit --omit=dev --audit-level=high`, failing on a high or
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
if (report.statusCode || /audit endpoint returned an error/.test(run.stderr)) {
  console.log(
    `npm audit: o registro não respondeu à auditoria (${report.statusCode ?? "erro"} ${report.uri ?? ""}); dependências não verificadas nesta execução.`,
  );
  // AUDIT_REQUIRED=1: where the registry does answer audits, an unanswered one is a failure.
  process.exit(process.env.AUDIT_REQUIRED === "1" ? 1 : 0);
}
console.error(`npm audit falhou: ${(run.stderr || run.stdout).trim().slice(0, 500)}`);
process.exit(run.status || 1);
