import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

/**
 * Secrets the server must read back (a TOTP secret cannot be hashed: the server computes codes from
 * it) are kept sealed with AES-256-GCM under a key derived from the server's signing secret. A
 * copy of the database alone (a backup, a leaked dump) then holds no working second factor when
 * SESSION_SECRET is set outside it (decision 112).
 */
export class Sealer {
  private readonly key: Buffer;
  private readonly macKey: Buffer;

  constructor(signingSecret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync("sha256", signingSecret, "vertice-sealed", purpose, 32));
    this.macKey = Buffer.from(hkdfSync("sha256", signingSecret, "vertice-digest", purpose, 32));
  }

  /**
   * A keyed digest (HMAC-SHA256) of a value the server only compares, never reads back (recovery
   * codes): a database copy alone cannot be searched by brute force without the key.
   */
  digest(value: string): string {
    return createHmac("sha256", this.macKey).update(value).digest("hex");
  }

  /** v1.<iv>.<tag>.<ciphertext>, base64url. */
  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return ["v1", iv, cipher.getAuthTag(), sealed]
      .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
      .join(".");
  }

  /** The plain text, or null when the value was not sealed with this key (another secret, tampering). */
  open(value: string): string | null {
    const [version, iv, tag, sealed] = value.split(".");
    if (version !== "v1" || !iv || !tag || sealed === undefined) return null;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString(
        "utf8",
      );
    } catch {
      return null;
    }
  }
}
