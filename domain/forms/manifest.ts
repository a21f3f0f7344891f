/**
 * The site's forms, one entry each: everything about a form that is not in its content document
 * (content/form-{key}.json). The form keys, the staff's names, the screens' addresses, the sitemap's
 * entries, the preview's pages, the content registry and the editor's labels are derived from here
 * (form-keys.ts, form-paths.ts, schemas.ts, the content documents' manifest
 * server/content/documents.ts, app/seo/sitemap.ts, admin texts): a new form is its content file and one entry below.
 * Relative imports only: app/routes.ts reads this module where the "~" alias is unknown.
 */
export interface FormManifestEntry {
  /** How staff name it: lead lists, funnel, sales rules, a lead's page. */
  staffName: string;
  /** The editor's word for its document: "Formulário de {editorName}". */
  editorName: string;
  /**
   * The addresses of its own screen (B §2.1), the first its main one. None: it has no screen of
   * its own (the newsletter's box and the chat popup are on every page).
   */
  paths?: readonly string[];
  /** Addresses of its screen the sitemap leaves out: second addresses of the same page. */
  unlisted?: readonly string[];
  /**
   * A multi-step screen (routes/lead-form.tsx, B §2.6), with the page where a copy of it placed
   * elsewhere posts without JavaScript (decision 133). Without it, the form has a route of its own.
   */
  multiStep?: { homePath: string };
  /** The pages 'Pré-visualizar' offers for its draft (decision 100). */
  preview: readonly { path: string; label: string }[];
  /** Its success screen offers the seller's free slots for a demonstration at once (decision 138). */
  booksDemo?: true;
}

const HOME = { path: "/", label: "Página inicial" } as const;

export const FORMS = {
  demo: {
    staffName: "Demonstração",
    editorName: "demonstração",
    paths: ["/demo", "/demonstracao"],
    multiStep: { homePath: "/demonstracao" },
    preview: [{ path: "/demo", label: "Formulário de demonstração" }],
    booksDemo: true,
  },
  parceiros: {
    staffName: "Parceiros",
    editorName: "parceiros",
    paths: [
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
    multiStep: { homePath: "/seja-parceiro" },
    preview: [{ path: "/parceiros", label: "Programa de parceiros" }],
  },
  contato: {
    staffName: "Contato",
    editorName: "contato",
    paths: ["/contato", "/fale-conosco"],
    preview: [{ path: "/contato", label: "Contato" }],
  },
  trial: {
    staffName: "Teste grátis",
    editorName: "teste grátis",
    paths: ["/teste-gratis", "/register", "/inscricao"],
    unlisted: ["/register", "/inscricao"],
    multiStep: { homePath: "/teste-gratis" },
    preview: [{ path: "/teste-gratis", label: "Teste grátis" }],
    booksDemo: true,
  },
  newsletter: {
    staffName: "Newsletter",
    editorName: "newsletter",
    preview: [HOME, { path: "/newsletter", label: "Newsletter" }],
  },
  whatsapp: {
    staffName: "WhatsApp (chat)",
    editorName: "WhatsApp (chat)",
    preview: [HOME],
  },
} as const satisfies Record<string, FormManifestEntry>;

type Forms = typeof FORMS;
export type FormKey = keyof Forms;
/** The forms' keys in the manifest's order. */
export const FORM_KEYS = Object.keys(FORMS) as FormKey[] as readonly FormKey[];

/** Each form's content document: form-{key}. */
export type FormDocumentName = `form-${FormKey}`;
export const formDocumentName = <K extends FormKey>(key: K): `form-${K}` => `form-${key}`;

/** The same value for each form's document, keyed by document name (the content registries). */
export function byFormDocument<T>(value: (key: FormKey) => T): Record<FormDocumentName, T> {
  return Object.fromEntries(FORM_KEYS.map((key) => [formDocumentName(key), value(key)])) as Record<
    FormDocumentName,
    T
  >;
}

/** The forms with a screen of their own, and those with a multi-step one. */
export type FormWithScreen = {
  [K in FormKey]: Forms[K] extends { paths: readonly string[] } ? K : never;
}[FormKey];
export type MultiStepForm = { [K in FormKey]: Forms[K] extends { multiStep: object } ? K : never }[FormKey];

const entry = (key: FormKey): FormManifestEntry => FORMS[key];
export const FORMS_WITH_SCREEN = FORM_KEYS.filter((key) => entry(key).paths) as FormWithScreen[];
export const MULTI_STEP_FORM_KEYS = FORM_KEYS.filter((key) => entry(key).multiStep) as MultiStepForm[];

/** Whether a form's success screen offers a demonstration's slots (decision 138). */
export function booksDemo(key: FormKey): boolean {
  const entry: FormManifestEntry = FORMS[key];
  return entry.booksDemo === true;
}
