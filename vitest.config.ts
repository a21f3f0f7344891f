import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "~": fileURLToPath(new URL("./app", import.meta.url)),
  "@server": fileURLToPath(new URL("./server", import.meta.url)),
};

// Three levels, one runner: unit tests sit next to the code, integration and
// end-to-end tests under tests/. `npm test` (vitest run) runs them all.
// Unit and integration files run three at a time (integration tests mostly wait on servers, the
// database and Redis, even on two cores); then the end-to-end files, one at a time, as each drives
// a server and Chromium. A project with one worker must sit in a group of its own: in one group
// vitest would run every project's files one at a time.
export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: 3,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
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
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
