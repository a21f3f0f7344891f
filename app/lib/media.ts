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
