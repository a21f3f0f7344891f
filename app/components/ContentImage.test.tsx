import { objectPosition, type PageMedia, srcSet } from "@domain/responsive-images.ts";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ContentImage, PageMediaProvider } from "./ContentImage.tsx";

const photo: PageMedia = {
  width: 2400,
  height: 1600,
  srcset: srcSet([
    [640, "/uploads/0123456789abcdef0123-640.webp"],
    [320, "/uploads/0123456789abcdef0123-320.webp"],
  ]),
  alt: "Colheita de soja",
  position: objectPosition([0.25, 0.7]),
};
const render = (node: React.ReactNode) =>
  renderToStaticMarkup(
    <PageMediaProvider media={{ "/uploads/0123456789abcdef0123.jpg": photo }}>{node}</PageMediaProvider>,
  );

describe("<ContentImage> (decision 099)", () => {
  it("a library image gets its WebP srcset, sizes, size, alt and focal point", () => {
    const html = render(<ContentImage src="/uploads/0123456789abcdef0123.jpg" sizes="full" />);
    expect(html).toContain('src="/uploads/0123456789abcdef0123.jpg"');
    // React writes the attribute as srcSet; HTML attribute names are case-insensitive.
    expect(html.replace("srcSet=", "srcset=")).toContain(
      'srcset="/uploads/0123456789abcdef0123-320.webp 320w, /uploads/0123456789abcdef0123-640.webp 640w"',
    );
    expect(html).toContain('sizes="100vw"');
    expect(html).toContain('width="2400"');
    expect(html).toContain('height="1600"');
    expect(html).toContain('alt="Colheita de soja"');
    expect(html).toContain('style="object-position:25% 70%"');
  });

  it("the document's alt and the slot's size win; a sizes string passes as it is", () => {
    const html = render(
      <ContentImage
        src="/uploads/0123456789abcdef0123.jpg"
        alt="Texto do documento"
        width={1600}
        height={900}
        sizes="(max-width: 960px) 100vw, 960px"
      />,
    );
    expect(html).toContain('alt="Texto do documento"');
    expect(html).toContain('width="1600"');
    expect(html).toContain('sizes="(max-width: 960px) 100vw, 960px"');
  });

  it("an image the library does not know is a plain <img>", () => {
    const html = render(
      <ContentImage src="/images/hero/default.svg" fallbackAlt="Legenda" width={10} height={5} />,
    );
    expect(html.toLowerCase()).not.toContain("srcset");
    expect(html).not.toContain("sizes");
    expect(html).not.toContain("style");
    expect(html).toContain('alt="Legenda"');
  });
});
