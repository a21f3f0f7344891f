/** A video address for an embedded player (YouTube, Vimeo) rather than a file the <video> element plays. */
export function isEmbedUrl(url: string): boolean {
  return /^https:\/\//.test(url) && !/\.(mp4|webm|ogv|ogg|mov)(?:[?#]|$)/i.test(url);
}

/**
 * True when an image or video already failed to load. React attaches onError when the page
 * hydrates, and an error the browser met before that is not sent again: read it from the element.
 */
export function failedBeforeHydration(element: HTMLImageElement | HTMLVideoElement | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLImageElement) return element.complete && element.naturalWidth === 0;
  return element.error !== null || element.networkState === HTMLMediaElement.NETWORK_NO_SOURCE;
}

/**
 * Images of an island page outside its islands never hydrate, so SafeImage's onError cannot put
 * 'Imagem não disponível' in their place (B §2.3). SafeImage writes its placeholder's words on the
 * <img> instead, and the island entry replaces a failed one with the same markup SafeImage renders.
 */
export const MISSING_IMAGE = { text: "data-missing-text", label: "data-missing-label" } as const;

/** Replaces every static image that failed, and each that fails later, by its placeholder. */
export function showMissingImages(document: Document): void {
  const replace = (img: HTMLImageElement) => {
    const text = img.getAttribute(MISSING_IMAGE.text);
    // An island's image is its component's: React shows the placeholder once it hydrates.
    if (text === null || !img.isConnected || img.closest("[data-island]")) return;
    const placeholder = document.createElement("div");
    placeholder.className = `image-missing ${img.className}`.trim();
    placeholder.setAttribute("role", "img");
    placeholder.setAttribute("aria-label", img.getAttribute(MISSING_IMAGE.label) || text);
    const words = document.createElement("span");
    words.textContent = text;
    placeholder.append(words);
    img.replaceWith(placeholder);
  };
  // An image's error does not bubble: caught on its way down.
  document.addEventListener(
    "error",
    (event) => {
      if (event.target instanceof HTMLImageElement) replace(event.target);
    },
    true,
  );
  for (const img of document.querySelectorAll<HTMLImageElement>(`img[${MISSING_IMAGE.text}]`))
    if (failedBeforeHydration(img)) replace(img);
}
