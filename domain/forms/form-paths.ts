import {
  FORMS,
  FORMS_WITH_SCREEN,
  type FormWithScreen,
  MULTI_STEP_FORM_KEYS,
  type MultiStepForm,
} from "./manifest.ts";

type Forms = typeof FORMS;

/** The forms with a multi-step screen of their own (B §2.1, §2.6); contact, newsletter and chat have theirs. */
export const MULTI_STEP_FORMS: readonly MultiStepForm[] = MULTI_STEP_FORM_KEYS;

/**
 * The paths of each form's screen (B §2.1), from the forms' manifest: the one list that app/routes.ts
 * mounts, the sitemap lists and each form document's `routes` must match
 * (`npx tsx scripts/check-content.mjs`).
 */
export const FORM_PATHS = Object.fromEntries(FORMS_WITH_SCREEN.map((key) => [key, FORMS[key].paths])) as {
  [K in FormWithScreen]: Extract<Forms[K], { paths: unknown }>["paths"];
};

/** Each form's own page, where a copy of it placed elsewhere posts without JavaScript (decision 133). */
export const FORM_HOME_PATH = Object.fromEntries(
  MULTI_STEP_FORM_KEYS.map((key) => [key, FORMS[key].multiStep.homePath]),
) as { [K in MultiStepForm]: Extract<Forms[K], { multiStep: unknown }>["multiStep"]["homePath"] };

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
