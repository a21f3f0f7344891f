import type { FormKey } from "./submission.ts";

/** The forms with a multi-step screen of their own (B §2.1, §2.6); contact, newsletter and chat have theirs. */
export const MULTI_STEP_FORMS = ["demo", "parceiros", "trial"] as const satisfies readonly FormKey[];

/**
 * The paths of each form's screen (B §2.1): the one list that app/routes.ts mounts, the sitemap
 * lists and each form document's `routes` must match (`npx tsx scripts/check-content.mjs`).
 */
export const FORM_PATHS = {
  demo: ["/demo", "/demonstracao"],
  parceiros: [
    "/parceiros",
    "/partners",
    "/programa-parceiros",
    "/seja-parceiro",
    "/cadastro-parceiro",
    "/parceiros/consultoria",
    "/parceiros/software-house",
    "/parceiros/integradora",
    "/parceiros/revenda",
    "/partner-program",
    "/become-partner",
    "/partnership",
  ],
  trial: ["/teste-gratis", "/register", "/inscricao"],
  contato: ["/contato", "/fale-conosco"],
} as const satisfies Partial<Record<FormKey, readonly string[]>>;

/** Each form's own page, where a copy of it placed elsewhere posts without JavaScript (decision 133). */
export const FORM_HOME_PATH = {
  demo: "/demonstracao",
  trial: "/teste-gratis",
  parceiros: "/seja-parceiro",
} as const satisfies Record<(typeof MULTI_STEP_FORMS)[number], string>;

/** The free trial for a plan chosen on /planos (B §2.1): /teste-gratis/{planId}. */
export const TRIAL_PLAN_PATH = "/teste-gratis/:planId";

/** Every path of a multi-step form screen, with the trial's plan path. */
export const MULTI_STEP_PATHS: readonly string[] = [
  ...MULTI_STEP_FORMS.flatMap((key) => FORM_PATHS[key]),
  TRIAL_PLAN_PATH,
];

/**
 * What is wrong with a form document's `routes` against FORM_PATHS, or null when they match
 * ("/" may be added: the home route's form of B §2.2).
 */
export function formRoutesProblem(key: string, routes: readonly string[]): string | null {
  const expected: readonly string[] = FORM_PATHS[key as keyof typeof FORM_PATHS] ?? [];
  const own = routes.filter((route) => route !== "/");
  const missing = expected.filter((path) => !own.includes(path));
  const extra = own.filter((path) => !expected.includes(path));
  if (!missing.length && !extra.length) return null;
  return [
    missing.length ? `sem rota para ${missing.join(", ")}` : "",
    extra.length ? `rotas sem página: ${extra.join(", ")}` : "",
  ]
    .filter(Boolean)
    .join("; ");
}
