import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/** How many of the slowest files the table lists. */
const SLOWEST = 20;

/**
 * Where the time of a run went: at its end, each project's wall time (first file started to last
 * file ended) and the slowest files by their own wall time, printed after vitest's summary so CI's
 * log keeps them. With TEST_TIMINGS_FILE set, the same figures are written there as JSON too.
 */
export default class TimingReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly ended = new Map<string, number>();
  private runStart = 0;

  onTestRunStart() {
    this.runStart = Date.now();
  }

  onTestModuleStart(module: TestModule) {
    this.started.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule) {
    this.ended.set(module.moduleId, Date.now());
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const root = process.cwd();
    const files = modules
      .map((module) => {
        const start = this.started.get(module.moduleId) ?? this.runStart;
        const end = this.ended.get(module.moduleId) ?? start;
        return {
          file: path.relative(root, module.moduleId),
          project: module.project.name,
          wallMs: end - start,
          tests: [...module.children.allTests()].length,
          start,
          end,
        };
      })
      .sort((a, b) => b.wallMs - a.wallMs);
    const projects = new Map<string, { start: number; end: number; files: number; tests: number }>();
    for (const file of files) {
      const project = projects.get(file.project) ?? { start: file.start, end: file.end, files: 0, tests: 0 };
      project.start = Math.min(project.start, file.start);
      project.end = Math.max(project.end, file.end);
      project.files += 1;
      project.tests += file.tests;
      projects.set(file.project, project);
    }
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const lines = ["", "Time by project (wall, first file started to last ended):"];
    for (const [name, project] of projects)
      lines.push(
        `  ${name.padEnd(12)} ${seconds(project.end - project.start).padStart(9)}  ${project.files} files, ${project.tests} tests`,
      );
    lines.push(`  ${"whole run".padEnd(12)} ${seconds(Date.now() - this.runStart).padStart(9)}`);
    lines.push("", `The ${SLOWEST} slowest files (wall time of each):`);
    for (const file of files.slice(0, SLOWEST))
      lines.push(
        `  ${seconds(file.wallMs).padStart(8)}  ${file.project.padEnd(11)} ${file.file} (${file.tests})`,
      );
    console.log(lines.join("\n"));
    const out = process.env.TEST_TIMINGS_FILE;
    if (out)
      writeFileSync(
        out,
        JSON.stringify(
          {
            wholeRunMs: Date.now() - this.runStart,
            projects: Object.fromEntries(
              [...projects].map(([name, p]) => [
                name,
                { wallMs: p.end - p.start, files: p.files, tests: p.tests },
              ]),
            ),
            files: files.map(({ file, project, wallMs, tests }) => ({ file, project, wallMs, tests })),
          },
          null,
          2,
        ),
      );
  }
}
