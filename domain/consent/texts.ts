import type { ConsentCategory } from "./cookie-list.ts";

/** The cookie choice's words (decision 123), in Portuguese and English. */
export const consentTexts = {
  pt: {
    title: "Sua privacidade",
    // Short on purpose: on a phone a longer text is the page's largest paint, drawn after load
    // (its LCP); each category is described under "Personalizar" and in the policy.
    intro: "Cookies de medição e de marketing só com a sua permissão; os necessários fazem o site funcionar.",
    later: "Mude quando quiser em “Preferências de cookies”, no rodapé.",
    policy: "Política de Privacidade",
    acceptAll: "Aceitar todos",
    reject: "Rejeitar",
    customise: "Personalizar",
    save: "Salvar preferências",
    categoriesTitle: "Categorias de cookies",
    alwaysOn: "Sempre ativos",
    cookiesOf: "Cookies",
    signal:
      "Seu navegador pede para não ser rastreado (Global Privacy Control ou Do Not Track): Medição e Marketing ficam desligados.",
    saved: "Preferências de cookies salvas.",
    footerLink: "Preferências de cookies",
    categories: {
      necessary: {
        name: "Necessários",
        description:
          "Fazem o site funcionar: guardam a sua escolha de cookies e de idioma, a sessão de quem entra na área do cliente e os formulários enviados sem conexão. Não podem ser desligados.",
      },
      measurement: {
        name: "Medição",
        description:
          "Mostram como o site é usado (páginas visitadas, origem da visita, mapas de calor), com dados agregados, para melhorá-lo.",
      },
      marketing: {
        name: "Marketing",
        description:
          "Medem os resultados dos nossos anúncios no Google, na Meta (Facebook e Instagram) e no LinkedIn.",
      },
    } satisfies Record<ConsentCategory, { name: string; description: string }>,
  },
  en: {
    title: "Your privacy",
    intro: "Measurement and marketing cookies only with your permission; necessary ones make the site work.",
    later: "Change it any time under “Cookie preferences” in the footer.",
    policy: "Privacy Policy",
    acceptAll: "Accept all",
    reject: "Reject",
    customise: "Customise",
    save: "Save preferences",
    categoriesTitle: "Cookie categories",
    alwaysOn: "Always on",
    cookiesOf: "Cookies",
    signal:
      "Your browser asks not to be tracked (Global Privacy Control or Do Not Track): Measurement and Marketing stay off.",
    saved: "Cookie preferences saved.",
    footerLink: "Cookie preferences",
    categories: {
      necessary: {
        name: "Necessary",
        description:
          "Make the site work: they keep your cookie and language choices, the session of who signs in to the customer area, and forms sent while offline. They cannot be turned off.",
      },
      measurement: {
        name: "Measurement",
        description:
          "Show how the site is used (pages visited, where visits come from, heatmaps), in aggregate, to improve it.",
      },
      marketing: {
        name: "Marketing",
        description: "Measure the results of our ads on Google, Meta (Facebook and Instagram) and LinkedIn.",
      },
    } satisfies Record<ConsentCategory, { name: string; description: string }>,
  },
} as const;

export type ConsentTexts = (typeof consentTexts)["pt"] | (typeof consentTexts)["en"];
