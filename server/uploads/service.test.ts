import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { uploadRefusals } from "~/lib/refusals/content.ts";
import { MAX_UPLOAD_BYTES, mimeOfUpload, uploadProblem } from "~/lib/uploads.ts";
import { ONE_PIXEL_PNG } from "../../tests/support/images.ts";
import { LocalFileStorage } from "../files/storage.ts";
import { UploadService } from "./service.ts";

function service() {
  const dir = mkdtempSync(path.join(tmpdir(), "uploads-"));
  return { dir, uploads: new UploadService(new LocalFileStorage(dir)) };
}

describe("image uploads", () => {
  it("stores an image under the hash of its content and reads it back", async () => {
    const { dir, uploads } = service();
    const stored = await uploads.accept(ONE_PIXEL_PNG);
    expect(stored).toMatchObject({ type: "image/png", size: ONE_PIXEL_PNG.length });
    expect(stored.url).toMatch(/^\/uploads\/[0-9a-f]{20}\.png$/);
    expect((await uploads.read(stored.name))?.bytes.equals(ONE_PIXEL_PNG)).toBe(true);
    // The same bytes again are the same file; no partial files are left behind.
    expect((await uploads.accept(ONE_PIXEL_PNG)).name).toBe(stored.name);
    expect(readdirSync(dir)).toEqual([stored.name]);
  });

  it("checks the type by content: text or SVG named as an image is refused", async () => {
    const { uploads } = service();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expect(uploads.accept(svg)).rejects.toThrow(uploadRefusals.pt.wrongType);
    await expect(uploads.accept(Buffer.from("not an image at all, just text"))).rejects.toThrow(
      uploadRefusals.pt.wrongType,
    );
    // A PDF is a known type, but not an image the site shows.
    await expect(uploads.accept(Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n"))).rejects.toThrow(
      uploadRefusals.pt.wrongType,
    );
    await expect(uploads.accept(Buffer.alloc(0))).rejects.toThrow(uploadRefusals.pt.empty);
  });

  it("refuses an image over the size limit", async () => {
    const { uploads } = service();
    const large = Buffer.concat([ONE_PIXEL_PNG, Buffer.alloc(MAX_UPLOAD_BYTES)]);
    await expect(uploads.accept(large)).rejects.toThrow(uploadRefusals.pt.tooLarge);
  });

  it("the editor's own check before sending: empty, too large, not an image", () => {
    expect(uploadProblem({ size: 10, type: "image/webp" })).toBeNull();
    expect(uploadProblem({ size: 0, type: "image/png" })).toBe("empty");
    expect(uploadProblem({ size: MAX_UPLOAD_BYTES + 1, type: "image/png" })).toBe("tooLarge");
    expect(uploadProblem({ size: 10, type: "image/svg+xml" })).toBe("wrongType");
  });

  it("serves only names it could have made", async () => {
    const { uploads } = service();
    expect(mimeOfUpload("0123456789abcdef0123.webp")).toBe("image/webp");
    for (const name of ["../secret.png", "0123456789abcdef0123.svg", "x.png", "0123456789ABCDEF0123.png"])
      expect(await uploads.read(name)).toBeNull();
  });
});
