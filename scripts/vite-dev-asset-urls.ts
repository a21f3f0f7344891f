import path from "node:path";
import type { Plugin } from "vite";

const PREFIX = "\0vertice-dev-asset-url:";

/**
 * For `npm run dev`'s islands build (decision 114): a file imported as a URL (`./icons.svg?no-inline`,
 * `./app.css?url`) gets the address Vite's dev server gives it (`/app/components/icons.svg?no-inline`),
 * which is what the server's render of the page wrote, instead of a hashed copy. Without it every
 * icon's `href` differs between the two and React reports a hydration mismatch on every page.
 */
export function devAssetUrls(root: string): Plugin {
  const projectRoot = path.resolve(root);
  return {
    name: "vertice:dev-asset-urls",
    enforce: "pre",
    async resolveId(source, importer) {
      const [request, query] = source.split("?");
      if (!request || !query || !/(^|&)(no-inline|url)(&|$)/.test(query)) return null;
      const resolved = await this.resolve(request, importer, { skipSelf: true });
      if (!resolved || !resolved.id.startsWith(projectRoot + path.sep)) return null;
      const file = resolved.id.split("?")[0]!;
      return `${PREFIX}/${path.relative(projectRoot, file).split(path.sep).join("/")}?${query}`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      return `export default ${JSON.stringify(id.slice(PREFIX.length))};`;
    },
  };
}
