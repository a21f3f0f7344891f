import { IMAGE_SIZES, type ImageSizes, type PageMedia } from "@domain/responsive-images.ts";
import {
  type CSSProperties,
  createContext,
  type ReactNode,
  type Ref,
  type SyntheticEvent,
  useContext,
} from "react";
import { MISSING_IMAGE } from "~/browser/media.ts";

/**
 * The library images a page's data uses, by address (decision 099): the route's loader asks the media
 * library (MediaService.forPage) and the page hands the answer down here. Without it (a test, an
 * address the library does not know) a content image is a plain <img>.
 */
const PageMediaContext = createContext<Record<string, PageMedia>>({});

export function PageMediaProvider({
  media,
  children,
}: {
  media: Record<string, PageMedia> | undefined;
  children: ReactNode;
}) {
  return <PageMediaContext.Provider value={media ?? {}}>{children}</PageMediaContext.Provider>;
}

/** What the library knows of an address on this page, if anything. */
export function usePageMedia(src: string | undefined): PageMedia | undefined {
  const media = useContext(PageMediaContext);
  return src ? media[src] : undefined;
}

export interface ContentImageProps {
  src: string;
  /** The document's own alt text; when it gives none (undefined), the library's in the page's language. */
  alt?: string | undefined;
  /** Used when neither the document nor the library has alt text (a caption, say). */
  fallbackAlt?: string;
  /** The slot's size: given, they keep the layout's box; otherwise the image's own size is used. */
  width?: number;
  height?: number;
  /** How wide the image is drawn (a preset of IMAGE_SIZES or a sizes string). */
  sizes?: ImageSizes | (string & {});
  className?: string;
  loading?: "lazy" | "eager";
  fetchPriority?: "high" | "low" | "auto";
  style?: CSSProperties;
  imgRef?: Ref<HTMLImageElement>;
  onError?: (event: SyntheticEvent<HTMLImageElement>) => void;
  /** The placeholder's words, for a page that shows it without React (showMissingImages). */
  missing?: { text: string; label: string };
}

/**
 * A content image (hero, cards, articles): for an image of the media library, the srcset of its WebP
 * variants with a `sizes`, so a phone downloads a 640 px file rather than the original; width and
 * height so nothing moves when it arrives; the library's alt text when the document gives none; and
 * object-position from the focal point, so a crop (object-fit: cover) keeps the subject in view.
 */
export function ContentImage({
  src,
  alt,
  fallbackAlt = "",
  width,
  height,
  sizes = "content",
  className,
  loading = "lazy",
  fetchPriority,
  style,
  imgRef,
  onError,
  missing,
}: ContentImageProps) {
  const media = usePageMedia(src);
  // The server wrote the srcset and the focal point's object-position (MediaService.forPage).
  const position = media?.position ? { objectPosition: media.position } : undefined;
  return (
    <img
      ref={imgRef}
      src={src}
      srcSet={media?.srcset}
      sizes={media?.srcset ? (IMAGE_SIZES[sizes as ImageSizes] ?? sizes) : undefined}
      alt={alt ?? (media?.alt || fallbackAlt)}
      width={width ?? media?.width}
      height={height ?? media?.height}
      loading={loading}
      decoding="async"
      fetchPriority={fetchPriority}
      className={className}
      style={position || style ? { ...position, ...style } : undefined}
      onError={onError}
      {...(missing && { [MISSING_IMAGE.text]: missing.text, [MISSING_IMAGE.label]: missing.label })}
    />
  );
}
