import type { FormDefinition } from "./definition.ts";

export type FormRoute = Pick<FormDefinition, "id" | "slug" | "type" | "routes">;

/**
 * Which form a path uses (B §2.2), in the spec's order: explicit form type, exact route, longest
 * route prefix contained in the path, slug contained in the path, then the home route's form.
 */
export function formForPath<F extends FormRoute>(
  forms: readonly F[],
  path: string,
  explicitType?: string | null,
): F | null {
  const clean = normalise(path);
  if (explicitType) {
    const byType = forms.find(
      (f) => f.id === explicitType || f.slug === explicitType || f.type === explicitType,
    );
    if (byType) return byType;
  }
  const exact = forms.find((f) => f.routes.some((r) => normalise(r) === clean));
  if (exact) return exact;
  let best: { form: F; length: number } | null = null;
  for (const form of forms) {
    for (const route of form.routes) {
      const r = normalise(route);
      if (r !== "/" && (clean === r || clean.startsWith(`${r}/`)) && (!best || r.length > best.length)) {
        best = { form, length: r.length };
      }
    }
  }
  if (best) return best.form;
  const bySlug = forms.find((f) => clean.includes(f.slug));
  if (bySlug) return bySlug;
  return forms.find((f) => f.routes.includes("/")) ?? null;
}

function normalise(path: string): string {
  const withoutQuery = path.split(/[?#]/)[0] ?? "/";
  const trimmed = withoutQuery.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed.toLowerCase();
}
