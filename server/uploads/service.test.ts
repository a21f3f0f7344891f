import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { uploadRefusals } from "@domain/refusals/content.ts";
import { MAX_UPLOAD_BYTES, mimeOfUpload, uploadProblem } from "@domain/uploads.ts";
import { describe, expect, it } from "vitest";
import { countedStorage } from "../../tests/support/counted-storage.ts";
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

describe("images read from a bucket are kept in memory, within a budget", () => {
  const remote = () => countedStorage({ remote: true });
  /** A valid PNG of about `size` bytes, different for each `seed`. */
  const png = (seed: number, size: number) =>
    Buffer.concat([ONE_PIXEL_PNG, Buffer.alloc(size - ONE_PIXEL_PNG.length, seed)]);

  it("an image served again is not read from the store again; a removed one is", async () => {
    const { storage, reads } = remote();
    const uploads = new UploadService(storage);
    const { name } = await uploads.accept(png(1, 1_000));
    await uploads.read(name);
    await uploads.read(name);
    expect(reads).toEqual([name]);
    await uploads.remove(name);
    expect(await uploads.read(name)).toBeNull();
    expect(reads).toEqual([name, name]);
  });

  it("the least recently served leaves first once the budget is spent; one too large is never kept", async () => {
    const { storage, reads } = remote();
    // 4,000 bytes: nine images of 450 do not fit; one of 600 is over an eighth.
    const uploads = new UploadService(storage, { recentBytes: 4_000 });
    const names: string[] = [];
    for (let seed = 1; seed <= 9; seed++) names.push((await uploads.accept(png(seed, 450))).name);
    for (const name of names.slice(0, 8)) await uploads.read(name);
    await uploads.read(names[0]!); // the first is now the most recently served
    await uploads.read(names[8]!); // 4,050 bytes: the second leaves
    reads.length = 0;
    for (const name of [names[0]!, ...names.slice(2)]) await uploads.read(name);
    expect(reads).toEqual([]);
    await uploads.read(names[1]!);
    expect(reads).toEqual([names[1]]);

    const { name: large } = await uploads.accept(png(10, 600));
    await uploads.read(large);
    await uploads.read(large);
    expect(reads.filter((name) => name === large)).toHaveLength(2);
  });

  it("an image read by two requests at once is counted once against the budget", async () => {
    const { storage, reads } = remote();
    const uploads = new UploadService(storage, { recentBytes: 4_000 });
    const a = (await uploads.accept(png(11, 450))).name;
    const b = (await uploads.accept(png(12, 450))).name;
    await Promise.all([uploads.read(a), uploads.read(a)]);
    await uploads.read(b);
    reads.length = 0;
    await uploads.read(a);
    await uploads.read(b);
    expect(reads).toEqual([]);
    // Seven more fill the budget exactly as counted: a, the least recent, is the one to leave.
    for (let seed = 13; seed <= 19; seed++) await uploads.read((await uploads.accept(png(seed, 450))).name);
    reads.length = 0;
    await uploads.read(b);
    expect(reads).toEqual([]);
    await uploads.read(a);
    expect(reads).toEqual([a]);
  });

  it("from a local folder nothing is kept (the system's file cache does that)", async () => {
    const { dir, uploads } = service();
    const { name } = await uploads.accept(png(5, 1_000));
    expect(uploads.storage.remote).toBe(false);
    await new LocalFileStorage(dir).remove(name);
    expect(await uploads.read(name)).toBeNull();
  });
});
