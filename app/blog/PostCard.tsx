import { cardTags, type PostSummary } from "@domain/content/blog.ts";
import { formatContentDate, type PageTexts } from "@domain/content/page-texts.ts";
import { SiteLink } from "~/components/SiteLink.tsx";
import { SafeImage } from "~/content-pages/parts.tsx";

/** A post in a list: image, category, title, excerpt, date, reading time and 2 tags (3 when featured). */
export function PostCard({
  post,
  texts,
  featured = false,
}: {
  post: PostSummary;
  texts: PageTexts;
  featured?: boolean;
}) {
  return (
    <article className={`post-card ${featured ? "post-card--featured" : ""}`}>
      <SafeImage
        src={post.featuredImage}
        alt=""
        texts={texts}
        width={1200}
        height={630}
        sizes={featured ? "half" : "card"}
        className="post-card__image"
      />
      <div className="post-card__body">
        <p className="post-card__category">{post.category}</p>
        <h3>
          <SiteLink to={`/blog/${post.slug}`}>{post.title}</SiteLink>
        </h3>
        <p>{post.excerpt}</p>
        <p className="post-card__meta">
          <time dateTime={post.publishDate}>{formatContentDate(post.publishDate, texts)}</time> ·{" "}
          {texts.blogReadTime(post.readTime)}
        </p>
        <ul className="tag-list">
          {cardTags(post.tags, featured).map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      </div>
    </article>
  );
}
