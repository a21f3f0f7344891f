import path from "node:path";
import { describe, expect, it } from "vitest";
import { serverOnly } from "./vite-server-only.ts";

const serverDir = "/projeto/server";

/** Runs the plugin's load hook as Vite would in the named environment. */
function load(environment: string, id: string) {
  const plugin = serverOnly(serverDir);
  const hook = plugin.load as (this: unknown, id: string) => unknown;
  return hook.call(
    {
      environment: { name: environment },
      error: (message: string) => {
        throw new Error(message);
      },
    },
    id,
  );
}

describe("server code never reaches the browser bundle", () => {
  it("a module under server/ in the client build stops the build, naming it", () => {
    expect(() => load("client", path.join(serverDir, "leads/service.ts"))).toThrow(
      "server-only module in the browser bundle: server/leads/service.ts",
    );
    expect(() => load("client", `${path.join(serverDir, "config.ts")}?import`)).toThrow(/server\/config\.ts/);
  });

  it("the server build may load it; the client may load everything else", () => {
    expect(load("ssr", path.join(serverDir, "leads/service.ts"))).toBeNull();
    expect(load("client", "/projeto/domain/forms/flow.ts")).toBeNull();
    expect(load("client", "/projeto/server-side-helpers.ts")).toBeNull();
  });
});
