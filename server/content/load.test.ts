import { describe, expect, it } from "vitest";
import { loadSection, SECTION_RETRY_MS, type SectionContext } from "./load.ts";

const query = { segment: null, lang: "pt" };

/** A content source that answers each call from a script: a document, nothing, or a failure. */
function contextWith(script: Array<"doc" | "none" | "fail">) {
  const calls: number[] = [];
  const logged: string[] = [];
  const page = { failed: false };
  const waits: number[] = [];
  const context = {
    onFailure: () => {
      page.failed = true;
    },
    wait: async (ms: number) => waits.push(ms),
    services: {
      content: {
        async get() {
          const step = script[calls.length] ?? script.at(-1);
          calls.push(calls.length);
          if (step === "fail") throw new Error("database unreachable");
          return step === "doc" ? { data: { title: "Olá" } } : null;
        },
        searchedPaths: () => ["/data/pt/footer-data.json", "/data/footer-data.json"],
      },
      logger: {
        warn: (_: unknown, message: string) => logged.push(`warn ${message}`),
        error: (_: unknown, message: string) => logged.push(`error ${message}`),
      },
    },
  } as unknown as SectionContext;
  return { context, calls, logged, waits, page };
}

describe("A §2, §4, §9 — a page section's data: loaded, missing, or error after one retry 1 s later", () => {
  it("a document found is loaded at once", async () => {
    const t = contextWith(["doc"]);
    expect(await loadSection(t.context, "footer-data", query)).toEqual({
      status: "loaded",
      data: { title: "Olá" },
    });
    expect(t.waits).toEqual([]);
  });

  it("no document at any level is 'missing', with the places searched", async () => {
    const t = contextWith(["none"]);
    expect(await loadSection(t.context, "footer-data", query)).toEqual({
      status: "missing",
      searched: ["/data/pt/footer-data.json", "/data/footer-data.json"],
    });
  });

  it("a failure is tried again once after 1000 ms, and the second answer counts", async () => {
    const t = contextWith(["fail", "doc"]);
    const loaded = await loadSection(t.context, "footer-data", query);
    expect(loaded.status).toBe("loaded");
    expect(SECTION_RETRY_MS).toBe(1_000);
    expect(t.waits).toEqual([1_000]);
    expect(t.calls).toHaveLength(2);
    expect(t.page.failed).toBe(false);
  });

  it("two failures give the error state, logged, and the page is never kept by the page cache", async () => {
    const t = contextWith(["fail", "fail"]);
    expect(await loadSection(t.context, "footer-data", query)).toEqual({ status: "error" });
    expect(t.calls).toHaveLength(2);
    expect(t.logged).toEqual(["warn content load failed, trying again", "error content load failed"]);
    expect(t.page.failed).toBe(true);
  });
});
