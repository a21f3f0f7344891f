import { describe, expect, it } from "vitest";
import { isEmbedUrl } from "./media.ts";

describe("isEmbedUrl: an embed player address, not a video file", () => {
  it("takes https player addresses as embeds", () => {
    expect(isEmbedUrl("https://www.youtube-nocookie.com/embed/abc")).toBe(true);
    expect(isEmbedUrl("https://player.vimeo.com/video/123?h=9")).toBe(true);
  });
  it("plays video files itself, local or https, whatever the query", () => {
    expect(isEmbedUrl("/videos/demo.mp4")).toBe(false);
    expect(isEmbedUrl("https://cdn.example.com/demo.mp4")).toBe(false);
    expect(isEmbedUrl("https://cdn.example.com/demo.WEBM?v=2")).toBe(false);
    expect(isEmbedUrl("https://cdn.example.com/demo.mov#t=3")).toBe(false);
  });
});
