import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@server": fileURLToPath(new URL("./server", import.meta.url)),
  "@domain": fileURLToPath(new URL("./domain", import.meta.url)),
};

// Three levels, one runner: unit tests sit next to the code, integration and
// end-to-end tests under tests/. `npm test` (vitest run) runs them all.
// Unit and integration files run three at a time (integration tests mostly wait on servers, the
// database and Redis, even on two cores); then the end-to-end files, one at a time, as each drives
// a server and Chromium. A project with one worker must sit in a group of its own: in one group
// vitest would run every project's files one at a time.
// expect.poll gives up after 1 s by default. Tests that drive a server process or Chromium wait on
// work that a loaded CI machine can take longer to do (a count-up that needs several polls, a
// marker layer, an e-mail): they may wait this long before failing, never longer when it passes.
const SLOW_POLL_MS = 10_000;

/** Integration tests that put a server under load on purpose: run alone (project "load"). */
const LOAD_TESTS = [
  "tests/integration/abandoned-bursts.test.ts",
  "tests/integration/three-instances.test.ts",
];

export default defineConfig({
  resolve: { alias },
  test: {
    // The default reporter, then where the time went (the slowest files, each project's wall time).
    reporters: ["default", "./tests/support/timing-reporter.ts"],
    maxWorkers: 3,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "domain/**/*.test.ts",
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
            "deploy/**/*.test.ts",
          ],
          environment: "node",
          // As for integration below: a worker's files share one module graph (half the unit run's
          // time). No unit file mocks a module or leaves a fake timer, a spy or the environment
          // changed behind it: inject the clock or the draw instead (server/leads/protocol.ts).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: [
            "tests/integration/**/*.test.ts",
            "tests/security/**/*.test.ts",
            "tests/reliability/**/*.test.ts",
          ],
          exclude: LOAD_TESTS,
          globalSetup: ["tests/support/global-setup.ts"],
          // A worker runs its files one after another in one module graph: the server code, the
          // fakes and the support modules are imported once per worker, not once per file (no
          // file here mocks a module, fakes timers or stubs a global).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: SLOW_POLL_MS } },
        },
      },
      {
        resolve: { alias },
        test: {
          // Tests that load server processes on purpose (bursts of requests) run alone, after the
          // others: beside them, the timing-bound lead-intake tests missed their 2.5 s wait.
          name: "load",
          include: LOAD_TESTS,
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/e2e-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: SLOW_POLL_MS } },
          // Two files at a time in the run's one Chromium (e2e-setup.ts). As for integration, a
          // worker's files share one module graph, so files that only read share the worker's server
          // (sharedServer in tests/support/server-process.ts).
          maxWorkers: 2,
          isolate: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
