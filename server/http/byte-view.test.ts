import { describe, expect, it } from "vitest";
import { byteView } from "./byte-view.ts";

describe("byteView", () => {
  const text = '<p class="a">Ação — 日本 ✓</p>';
  const bytes = Buffer.from(text, "utf8");

  it("has one character per byte, and gives the same bytes back as latin1", () => {
    const view = byteView(bytes);
    expect(view.length).toBe(bytes.length);
    expect(Buffer.from(view, "latin1").equals(bytes)).toBe(true);
  });

  it("finds ASCII where the decoded text has it, at its byte offset", () => {
    const view = byteView(bytes);
    expect(view.indexOf("</p>")).toBe(bytes.indexOf("</p>"));
    expect(view.replaceAll('class="a"', 'class="b"')).toBe(
      byteView(Buffer.from(text.replace('class="a"', 'class="b"'))),
    );
  });

  it("reads only the bytes of a view into a larger buffer", () => {
    const inside = Buffer.concat([Buffer.from("before"), bytes, Buffer.from("after")]).subarray(
      6,
      6 + bytes.length,
    );
    expect(byteView(inside)).toBe(byteView(bytes));
  });
});
