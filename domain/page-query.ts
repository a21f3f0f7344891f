import { blogListSearch, readBlogListQuery } from "./content/blog.ts";
import { MULTI_STEP_PATHS, TRIAL_PLAN_PATH } from "./forms/form-paths.ts";
import { formPageSearch, readFormPageQuery } from "./forms/page-query.ts";
import { splitLanguagePrefix } from "./locale.ts";

/** The query parameters a page's render reads, and their one spelling (what its loader makes of them). */
interface PageQuery {
  names: ReadonlySet<string>;
  canonical: (params: URLSearchParams) => string;
}

const BLOG_LIST: PageQuery = {
  names: new Set(["q", "categoria", "tag", "pagina"]),
  canonical: (params) => blogListSearch(readBlogListQuery(params)),
};

const FORM_PAGE: PageQuery = {
  names: new Set(["anual", "etapa"]),
  canonical: (params) => formPageSearch(readFormPageQuery(params)),
};

const FORM_PATHS = new Set(MULTI_STEP_PATHS.filter((path) => !path.includes(":")));
/** TRIAL_PLAN_PATH as a pattern: /teste-gratis/{planId}. */
const TRIAL_PLAN = new RegExp(`^${TRIAL_PLAN_PATH.replace(/:[^/]+/g, "[^/]+")}$`);

function queryOf(path: string): PageQuery | null {
  const bare = splitLanguagePrefix(path).path;
  if (bare === "/blog") return BLOG_LIST;
  if (FORM_PATHS.has(bare) || TRIAL_PLAN.test(bare)) return FORM_PAGE;
  return null;
}

/**
 * The query of a page's address as its render reads it, in one spelling: part of the page cache's
 * key, so "?pagina=1", "?q=&tag=" and no query at all are one page, and "?q=erp&pagina=2" one
 * other. Null when the address holds a parameter that page does not read (it is then rendered
 * every time, never kept: another page may read it, as ?lang= does everywhere). Campaign tags are
 * taken out before this is asked.
 */
export function canonicalPageQuery(path: string, params: URLSearchParams): string | null {
  const query = queryOf(path);
  if (!query) return null;
  for (const name of params.keys()) if (!query.names.has(name)) return null;
  return query.canonical(params);
}
