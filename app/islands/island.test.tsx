import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { defineIsland, IslandScripts, IslandsContext, IslandsOnPage, islandJson } from "./island.tsx";
import { islandFiles } from "./manifest.ts";

const manifest = {
  entry: "/assets/islands-1.js",
  entryImports: ["/assets/media-1.js"],
  hydration: ["/assets/hydrate-1.js", "/assets/react-1.js"],
  islands: {
    header: ["/assets/header-1.js", "/assets/locale-1.js"],
    chat: ["/assets/chat-1.js", "/assets/locale-1.js"],
  },
};

function Greeting({ name }: { name: string }) {
  return <p>Olá, {name}</p>;
}
const GreetingIsland = defineIsland("chat", Greeting);

describe("islands", () => {
  it("writes props as JSON nothing can close early", () => {
    const json = islandJson({ text: "</script><script>alert(1)</script>", line: "a\u2028b\u2029c" });
    expect(json).not.toContain("</script");
    expect(json).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual({ text: "</script><script>alert(1)</script>", line: "a\u2028b\u2029c" });
  });

  it("is the plain component on a page React Router hydrates whole", () => {
    expect(renderToString(<GreetingIsland name="Ana" />)).toBe("<p>Olá, <!-- -->Ana</p>");
  });

  it("on an island page: its HTML in a marked element, its props beside it, its name recorded", () => {
    const page = new IslandsOnPage(manifest);
    const html = renderToString(
      <IslandsContext.Provider value={page}>
        <GreetingIsland name="Ana <b>" />
      </IslandsContext.Provider>,
    );
    expect(html).toBe(
      '<div data-island="chat" class="island"><p>Olá, <!-- -->Ana &lt;b&gt;</p></div>' +
        '<script type="application/json" data-island-props="">{"name":"Ana \\u003cb>"}</script>',
    );
    expect([...page.names]).toEqual(["chat"]);
  });

  it("names the loader alone, which fetches React's side and the islands' chunks once the page is drawn", () => {
    const page = new IslandsOnPage(manifest);
    page.names.add("header");
    const html = renderToString(
      <IslandsContext.Provider value={page}>
        <IslandScripts />
      </IslandsContext.Provider>,
    );
    expect(html).toBe('<script type="module" src="/assets/islands-1.js"></script>');
    expect(renderToString(<IslandScripts />)).toBe("");
  });

  it("counts, for a page's islands, the loader's imports, React's side and each island's files once", () => {
    expect(islandFiles(manifest, ["header", "chat"])).toEqual([
      "/assets/media-1.js",
      "/assets/hydrate-1.js",
      "/assets/react-1.js",
      "/assets/header-1.js",
      "/assets/locale-1.js",
      "/assets/chat-1.js",
    ]);
    expect(islandFiles(manifest, ["unknown"])).toEqual([
      "/assets/media-1.js",
      "/assets/hydrate-1.js",
      "/assets/react-1.js",
    ]);
  });
});
