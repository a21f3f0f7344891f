import { chatLink } from "@domain/chat.ts";
import { formTexts } from "@domain/forms/texts.ts";
import type { RouteHandle } from "@domain/route-handle.ts";
import { SITE_NAME } from "@domain/site.ts";
import { buildSubmission } from "@server/http/build-submission.ts";
import { confirmationChallenge, readPagePostFields } from "@server/http/page-post.ts";
import { SubmissionInvalid } from "@server/leads/service.ts";
import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import type { ContactResult } from "~/components/forms/ContactForm.tsx";
import { Icon } from "~/components/Icon.tsx";
import { Contact } from "~/islands/contact.tsx";
import { routeHead } from "~/seo/route-head.ts";
import type { loader as rootLoader } from "../root.tsx";
import type { Route } from "./+types/contact";

/** The same for every anonymous visitor of a segment and language: the page cache keeps it (decision 106). */
export const handle: RouteHandle = { pageCache: true, islands: true };

export async function loader({ context }: Route.LoaderArgs) {
  const definition = await context.services.forms.get("contato", {
    segment: context.request.segment,
    lang: context.request.language,
  });
  return { privacy: definition?.privacy ?? null, language: context.request.uiLanguage };
}

/** The contact form posted without JavaScript (B §4.1, §5.4). */
export async function action({ request, context }: Route.ActionArgs): Promise<ContactResult> {
  const form = await request.formData();
  const value = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const answers = {
    nome: value("nome"),
    email: value("email"),
    telefone: value("telefone"),
    mensagem: value("mensagem"),
  };
  if (!answers.nome.trim() || !answers.email.trim() || !answers.mensagem.trim())
    return { kind: "missing", values: answers };
  const { services, request: info } = context;
  const fields = readPagePostFields(form);
  // Sent before any script ran, so without a challenge: once more to confirm (decision 122).
  if (!fields.formToken)
    return {
      kind: "confirm",
      values: answers,
      challenge: confirmationChallenge(services.signer, "contato"),
      requestKey: fields._requestKey,
    };
  try {
    const result = await services.leads.submit(
      buildSubmission(
        {
          formKey: "contato",
          stage: "complete",
          answers,
          requestKey: fields._requestKey,
          formToken: fields.formToken,
          honeypot: fields.website,
        },
        request,
        info,
      ),
    );
    return { kind: "sent", protocol: result.protocol, simulated: result.simulated };
  } catch (error) {
    if (SubmissionInvalid.is(error)) return { kind: "invalid", errors: error.errors, values: answers };
    services.logger.error({ err: error }, "contact message could not be stored");
    throw error;
  }
}

export function meta({ data, matches, location }: Route.MetaArgs) {
  const texts = formTexts(data?.language ?? "pt");
  const head = routeHead(matches, location.pathname, "contato", {
    title: texts.contactTitle,
    description: texts.contactLead,
  });
  return head.length
    ? head
    : [
        { title: `${texts.contactTitle} | ${SITE_NAME}` },
        { name: "description", content: texts.contactLead },
      ];
}

/** The contact screen of B §2.5: title, the form and four info cards, each a way to reach us. */
export default function ContactRoute({ loaderData, actionData }: Route.ComponentProps) {
  const texts = formTexts(loaderData.language);
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const company = root?.seo?.global.company;
  const whatsapp = root?.chat?.whatsapp;
  // The chat popup (the chat island, on every public page) opens from any [data-opens-chat]
  // link; without JavaScript the link goes straight to WhatsApp.
  const chatCardLink = (label: string) =>
    whatsapp && (
      <a href={chatLink(whatsapp, "")} data-opens-chat="" className="info-card__link">
        {label}
      </a>
    );
  const cards: { key: string; icon: string; title: string; text: string; link?: ReactNode }[] = [
    {
      key: "whatsapp",
      icon: "message-circle",
      ...texts.cards.whatsapp,
      link: chatCardLink(texts.cards.whatsappAction),
    },
    {
      key: "email",
      icon: "mail",
      ...texts.cards.email,
      link: company?.email && (
        <a href={`mailto:${company.email}`} className="info-card__link">
          {company.email}
        </a>
      ),
    },
    {
      key: "address",
      icon: "map-pin",
      ...texts.cards.address,
      link: company?.phone && (
        <a href={`tel:+55${company.phone.replace(/\D/g, "")}`} className="info-card__link">
          {/* A phone number never breaks across lines. */}
          {company.phone.replace(/ /g, "\u00a0").replace(/-/g, "\u2011")}
        </a>
      ),
    },
    {
      key: "chat",
      icon: "headset",
      ...texts.cards.chat,
      link: chatCardLink(texts.cards.chatAction),
    },
  ];
  return (
    <section className="contact" aria-labelledby="contato-titulo">
      <header className="contact__header">
        <h1 id="contato-titulo">{texts.contactTitle}</h1>
        <p>{texts.contactLead}</p>
      </header>
      <div className="contact__layout">
        <Contact
          key={actionData ? JSON.stringify(actionData) : "form"}
          language={loaderData.language}
          privacy={loaderData.privacy}
          result={actionData}
        />
        <ul className="contact__cards">
          {cards.map((card) => (
            <li key={card.key} className="info-card">
              <span className="info-card__icon">
                <Icon name={card.icon} size={28} />
              </span>
              <h2>{card.title}</h2>
              <p>{card.text}</p>
              {card.link && <p>{card.link}</p>}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
