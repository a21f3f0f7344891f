/**
 * Values at a path of a content document (["plans", 2, "monthly_price"]), read and written without
 * changing the original: what a single-field restore (decision 100) needs on the server, and
 * what the history's rows name on the client. No dependency: the server imports it too.
 */

export type JsonPath = (string | number)[];

/** What an old version holds at a path: a value, or nothing there. */
export type Found = { found: true; value: unknown } | { found: false };

/** A path that does not lead anywhere in the document; `at` is where it stopped ("plans.7"). */
export class JsonPathError extends Error {
  override name = "JsonPathError";

  constructor(
    readonly at: string,
    readonly reason: string,
  ) {
    super(`${at}: ${reason}`);
  }
}

/** The path as the API writes it: `plans.2.monthly_price`. */
export function formatPath(path: JsonPath): string {
  return path.map(String).join(".");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function indexOf(step: string | number): number | undefined {
  const index = typeof step === "number" ? step : /^\d+$/.test(step) ? Number(step) : Number.NaN;
  return Number.isInteger(index) && index >= 0 ? index : undefined;
}

/** The value at a path, or that there is none (a missing key, a position past the end). */
export function valueAt(document: unknown, path: JsonPath): Found {
  let here: unknown = document;
  for (const step of path) {
    if (Array.isArray(here)) {
      const index = indexOf(step);
      if (index === undefined || index >= here.length) return { found: false };
      here = here[index];
    } else if (isRecord(here) && Object.hasOwn(here, String(step))) {
      here = here[String(step)];
    } else return { found: false };
  }
  return { found: true, value: here };
}

/**
 * The document with the value at `path` brought back to `source`: set (replacing what is there),
 * inserted into its list at that position (`insert`, an item the newer version no longer has), or
 * removed when the source has nothing there. Every step but the last must exist in the document.
 */
export function restoreAt(
  document: unknown,
  path: JsonPath,
  source: Found,
  options: { insert?: boolean } = {},
): unknown {
  if (path.length === 0) {
    if (!source.found) throw new JsonPathError("", "o documento inteiro não pode ser removido");
    return source.value;
  }
  const walk = (here: unknown, depth: number): unknown => {
    const step = path[depth]!;
    const at = formatPath(path.slice(0, depth + 1));
    const last = depth === path.length - 1;
    if (Array.isArray(here)) {
      const index = indexOf(step);
      if (index === undefined) throw new JsonPathError(at, "posição inexistente");
      const copy = [...here];
      if (!last) {
        if (index >= here.length) throw new JsonPathError(at, "posição inexistente");
        copy[index] = walk(here[index], depth + 1);
        return copy;
      }
      if (!source.found) {
        if (index >= here.length) throw new JsonPathError(at, "posição inexistente");
        copy.splice(index, 1);
      } else if (options.insert) copy.splice(Math.min(index, here.length), 0, source.value);
      else {
        if (index > here.length) throw new JsonPathError(at, "posição inexistente");
        copy[index] = source.value;
      }
      return copy;
    }
    if (isRecord(here)) {
      const key = String(step);
      const has = Object.hasOwn(here, key);
      if (!last) {
        if (!has) throw new JsonPathError(at, "campo inexistente");
        return { ...here, [key]: walk(here[key], depth + 1) };
      }
      if (options.insert) throw new JsonPathError(at, "não é uma posição de lista");
      if (source.found) return { ...here, [key]: source.value };
      if (!has) throw new JsonPathError(at, "campo inexistente");
      const { [key]: _removed, ...rest } = here;
      return rest;
    }
    throw new JsonPathError(at, "campo inexistente");
  };
  return walk(document, 0);
}
