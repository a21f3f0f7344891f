import type { PageTexts } from "@domain/content/page-texts.ts";
import type { ContentPage } from "@domain/content/pages-schema.ts";
import type { NewsletterData } from "@domain/content/schemas.ts";
import type { FormDefinition } from "@domain/forms/definition.ts";
import type { FormKey } from "@domain/forms/submission.ts";
import type { OfferedLanguage } from "@domain/locale.ts";
import { Contact } from "~/islands/contact.tsx";
import { LeadFormPart } from "~/islands/lead-form.tsx";
import { Newsletter } from "~/islands/newsletter.tsx";
import { CtaBlock, FaqBlock, FeatureCard, PageHero, TestimonialList, VideoBlock } from "./parts.tsx";

type CampaignContent = Extract<ContentPage, { template: "campanha" }>["content"];

/** The form a campaign page holds, as its loader found it (null: none chosen, or none to draw). */
export type CampaignFormData =
  | { kind: "lead"; formKey: FormKey; form: FormDefinition; action: string }
  | { kind: "contato"; privacy: { text: string; linkText: string; linkUrl: string; purpose: string } | null }
  | { kind: "newsletter"; data: NewsletterData }
  | null;

/**
 * A campaign landing page (decision 133): the hero, then only the sections the editor filled, in
 * a fixed order that reads as a pitch (why, what, see it, ask, who says so, doubts, act). Nothing
 * here writes a heading the editor did not: a section without a title has none.
 */
export function Campaign({
  content,
  texts,
  form,
  language,
}: {
  content: CampaignContent;
  texts: PageTexts;
  form: CampaignFormData;
  language: OfferedLanguage;
}) {
  const { introduction, features, video, leadForm, testimonials, faq, cta } = content;
  return (
    <>
      <PageHero hero={content.hero} />
      {introduction && (
        <section className="page-section page-intro">
          {introduction.title && <h2>{introduction.title}</h2>}
          <p>{introduction.text}</p>
        </section>
      )}
      {features && features.items.length > 0 && (
        <section className="page-section" aria-label={features.title || undefined}>
          {features.title && <h2>{features.title}</h2>}
          {features.description && <p>{features.description}</p>}
          <ul className="feature-grid">
            {features.items.map((feature) => (
              <FeatureCard key={feature.title} feature={feature} texts={texts} />
            ))}
          </ul>
        </section>
      )}
      {video && <VideoBlock video={video} />}
      {leadForm && form && (
        <section id="formulario" className="page-section campaign-form">
          {form.kind === "lead" && (
            <LeadFormPart
              formKey={form.formKey}
              form={form.form}
              language={language}
              plan={null}
              initialStep={0}
              embedded={{ action: form.action, title: leadForm.title, description: leadForm.description }}
            />
          )}
          {form.kind === "contato" && (
            <>
              {leadForm.title && <h2>{leadForm.title}</h2>}
              {leadForm.description && <p>{leadForm.description}</p>}
              <Contact privacy={form.privacy} language={language} action="/contato" />
            </>
          )}
          {form.kind === "newsletter" && <Newsletter data={form.data} language={language} />}
        </section>
      )}
      {testimonials && (
        <TestimonialList items={testimonials.items} texts={texts} heading={testimonials.title ?? null} />
      )}
      {faq && <FaqBlock faq={faq} />}
      {cta && <CtaBlock cta={cta} />}
    </>
  );
}
