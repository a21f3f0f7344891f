import { readFileSync } from "node:fs";
import { videoDemoSchema } from "@domain/content/sections.ts";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { VideoDemo } from "./VideoDemo.tsx";

/** The English sample section, without its link (no router here), with a metric that has decimals. */
const data = (() => {
  const sample = videoDemoSchema.parse(
    JSON.parse(readFileSync(new URL("../../content/data/en/video-demo-data.json", import.meta.url), "utf8")),
  );
  const [first, ...rest] = sample.metrics;
  return { ...sample, cta: undefined, metrics: [{ ...first!, value: 1234.5 }, ...rest] };
})();
const texts = { play: "Play", videoUnsupported: "Unsupported", placeholder: "Placeholder" };

describe("the video demo's metrics (A §4): the server writes the final values in the visitor's language", () => {
  it("in English, with a decimal point and comma thousands", () => {
    const html = renderToStaticMarkup(<VideoDemo data={data} language="en" texts={texts} />);
    expect(html).toContain('<span class="metric__value">1,234.5%</span>');
  });

  it("in Portuguese, with a decimal comma and dot thousands", () => {
    const html = renderToStaticMarkup(<VideoDemo data={data} language="pt" texts={texts} />);
    expect(html).toContain('<span class="metric__value">1.234,5%</span>');
  });
});
