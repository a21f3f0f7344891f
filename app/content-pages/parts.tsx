import type { PageTexts } from "@domain/content/page-texts.ts";
import type { ContentPage } from "@domain/content/pages-schema.ts";
import { type ReactNode, useState } from "react";
import { failedBeforeHydration, isEmbedUrl } from "~/browser/media.ts";
import { ContentImage, type ContentImageProps } from "~/components/ContentImage.tsx";
import { Icon } from "~/components/Icon.tsx";
import { SiteLink } from "~/components/SiteLink.tsx";

type Content<T extends ContentPage["template"]> = Extract<ContentPage, { template: T }>["content"];
export type Hero = Content<"model1">["hero"];
export type Cta = NonNullable<Content<"model1">["cta"]>;
export type Feature = Content<"model1">["sections"][number]["features"][number];
export type Testimonial = Content<"model4">["testimonials"][number];

/** A link inside the site keeps the language prefix; any other opens as a plain link. */
export function ContentLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  if (to.startsWith("/")) {
    return (
      <SiteLink to={to} className={className}>
        {children}
      </SiteLink>
    );
  }
  return (
    <a href={to} className={className} rel="noopener noreferrer">
      {children}
    </a>
  );
}

/**
 * The hero of every template: title, subtitle, description, optional background and overlay, and
 * the page's first calls to action when the content gives them.
 */
export function PageHero({ hero, titleId }: { hero: Hero; titleId?: string }) {
  const style = hero.backgroundImage
    ? {
        backgroundImage: `linear-gradient(${hero.overlayColor ?? "rgba(11, 61, 145, 0.82)"}, ${hero.overlayColor ?? "rgba(11, 61, 145, 0.82)"}), url(${JSON.stringify(hero.backgroundImage)})`,
      }
    : undefined;
  return (
    <header className="page-hero" style={style}>
      <div className="page-hero__inner">
        <h1 id={titleId}>{hero.title}</h1>
        {hero.subtitle && <p className="page-hero__subtitle">{hero.subtitle}</p>}
        {hero.description && <p className="page-hero__description">{hero.description}</p>}
        {(hero.primaryButton || hero.secondaryButton) && (
          <p className="page-hero__buttons">
            {hero.primaryButton && (
              <ContentLink to={hero.primaryButton.link} className="button button--primary">
                {hero.primaryButton.text}
              </ContentLink>
            )}
            {hero.secondaryButton && (
              <ContentLink to={hero.secondaryButton.link} className="button button--outline-light">
                {hero.secondaryButton.text}
              </ContentLink>
            )}
          </p>
        )}
      </div>
    </header>
  );
}

/**
 * An image that shows 'Imagem não disponível' in its place when it fails (B §2.3); an image of the
 * media library comes with its WebP srcset, alt text and focal point (ContentImage, decision 099).
 */
export function SafeImage({
  src,
  alt,
  fallbackAlt,
  texts,
  className,
  width = 1200,
  height = 800,
  sizes = "content",
  loading,
  fetchPriority,
}: {
  src: string;
  /** The document's alt text; undefined takes the library's. */
  alt: string | undefined;
  /** An image in the first screen (a post's cover) loads at once, first: it is the page's LCP. */
  loading?: ContentImageProps["loading"];
  fetchPriority?: ContentImageProps["fetchPriority"];
  fallbackAlt?: string;
  texts: PageTexts;
  className?: string;
  width?: number;
  height?: number;
  sizes?: ContentImageProps["sizes"];
}) {
  const [failed, setFailed] = useState(false);
  const label = alt || fallbackAlt || texts.imageUnavailable;
  if (failed) {
    // The same markup as showMissingImages (app/browser/media.ts) makes where nothing hydrates.
    return (
      <div className={`image-missing ${className ?? ""}`} role="img" aria-label={label}>
        <span>{texts.imageUnavailable}</span>
      </div>
    );
  }
  return (
    <ContentImage
      src={src}
      alt={alt}
      fallbackAlt={fallbackAlt}
      width={width}
      height={height}
      sizes={sizes}
      className={className}
      loading={loading}
      fetchPriority={fetchPriority}
      imgRef={(img) => {
        if (!failed && failedBeforeHydration(img)) setFailed(true);
      }}
      onError={() => setFailed(true)}
      missing={{ text: texts.imageUnavailable, label }}
    />
  );
}

/** The call to action: title, description and its buttons (primary, secondary, or the single one). */
export function CtaBlock({ cta }: { cta: Cta }) {
  const primary =
    cta.primaryButton ??
    (cta.buttonText && cta.buttonLink ? { text: cta.buttonText, link: cta.buttonLink } : null);
  return (
    <section className="page-cta" aria-labelledby="cta-titulo">
      <h2 id="cta-titulo">{cta.title}</h2>
      {cta.description && <p>{cta.description}</p>}
      <div className="page-cta__buttons">
        {primary && (
          <ContentLink to={primary.link} className="button button--primary">
            {primary.text}
          </ContentLink>
        )}
        {cta.secondaryButton && (
          <ContentLink to={cta.secondaryButton.link} className="button button--outline-light">
            {cta.secondaryButton.text}
          </ContentLink>
        )}
      </div>
    </section>
  );
}

/** A feature card: icon, title, badge, description and an optional link. */
export function FeatureCard({ feature, texts }: { feature: Feature; texts: PageTexts }) {
  return (
    <li className="feature-card">
      <span
        className="feature-card__icon"
        style={feature.iconColor ? { color: feature.iconColor } : undefined}
      >
        <Icon name={feature.icon} size={28} />
      </span>
      <h3>
        {feature.title}
        {feature.badge && <span className="feature-card__badge">{feature.badge}</span>}
      </h3>
      <p>{feature.description}</p>
      {feature.highlights.length > 0 && (
        <ul className="feature-card__highlights">
          {feature.highlights.map((h) => (
            <li key={h}>{h}</li>
          ))}
        </ul>
      )}
      {feature.link && (
        <ContentLink to={feature.link} className="feature-card__link">
          {texts.learnMore}
          <span className="visually-hidden">: {feature.title}</span>
        </ContentLink>
      )}
    </li>
  );
}

/**
 * Testimonials: with the template's own heading ("Depoimentos"), the editor's (`heading`), or none
 * (`heading={null}`: a campaign page draws only what its editor wrote, decision 133).
 */
export function TestimonialList({
  items,
  texts,
  heading,
}: {
  items: Testimonial[];
  texts: PageTexts;
  heading?: string | null;
}) {
  if (!items.length) return null;
  const title = heading === undefined ? texts.testimonials : heading;
  return (
    <section
      className="page-section"
      aria-labelledby={title ? "depoimentos-titulo" : undefined}
      aria-label={title ? undefined : texts.testimonials}
    >
      {title && <h2 id="depoimentos-titulo">{title}</h2>}
      <ul className="quote-list">
        {items.map((t) => (
          <li key={t.author}>
            <figure>
              <blockquote>
                <p>{t.quote}</p>
              </blockquote>
              <figcaption>
                <strong>{t.author}</strong>
                {t.company && <span>, {t.company}</span>}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Questions and answers, each opened on demand. */
export function FaqBlock({ faq }: { faq: NonNullable<Content<"model1">["faq"]> }) {
  return (
    <section className="page-section page-faq" aria-labelledby="faq-titulo">
      <h2 id="faq-titulo">{faq.title}</h2>
      {faq.items.map((item) => (
        <details key={item.question} className="faq-item">
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
    </section>
  );
}

export function PointsBlock({
  id,
  block,
}: {
  id: string;
  block: { title: string; description?: string; points: string[] };
}) {
  return (
    <section className="page-section page-points" aria-labelledby={id}>
      <h2 id={id}>{block.title}</h2>
      {block.description && <p>{block.description}</p>}
      <ul className="check-list">
        {block.points.map((point) => (
          <li key={point}>
            <Icon name="check-circle" size={20} /> {point}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function BenefitsBlock({ id, block }: { id: string; block: { title: string; items: string[] } }) {
  return (
    <section className="page-section page-benefits" aria-labelledby={id}>
      <h2 id={id}>{block.title}</h2>
      <ul className="benefit-list">
        {block.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

/** A video section: a local file in a <video> element, or a YouTube/Vimeo address in a player frame. */
export function VideoBlock({ video }: { video: NonNullable<Content<"model1">["video"]> }) {
  return (
    <section className="page-section page-video" aria-labelledby="video-titulo">
      <h2 id="video-titulo">{video.title}</h2>
      {video.description && <p>{video.description}</p>}
      <div className="page-video__frame">
        {isEmbedUrl(video.url) ? (
          <iframe
            src={video.url}
            title={video.title}
            loading="lazy"
            allow="encrypted-media; picture-in-picture"
            allowFullScreen
          />
        ) : (
          // biome-ignore lint/a11y/useMediaCaption: product demonstration without speech
          <video src={video.url} poster={video.thumbnail} controls preload="none" width={1280} height={720} />
        )}
      </div>
    </section>
  );
}
