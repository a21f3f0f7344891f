import type { SecurityTexts } from "@domain/auth/security-texts.ts";
import { useState } from "react";

/**
 * New recovery codes (decision 112), shown once: the list, a button that copies them and a link that
 * downloads them as a text file (a data: link, so it works before the page's script too), so a
 * person can put them in a password manager without retyping (decision 116).
 */
export function RecoveryCodes({ codes, texts }: { codes: string[]; texts: SecurityTexts }) {
  const [copied, setCopied] = useState<string | null>(null);
  const file = `${texts.recoveryTitle}\n\n${codes.join("\n")}\n`;
  const copy = () =>
    navigator.clipboard.writeText(file).then(
      () => setCopied(texts.codesCopied),
      () => setCopied(texts.copyFailed),
    );
  return (
    <>
      <ul className="recovery-codes" aria-label={texts.recoveryTitle}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <p className="recovery-codes__actions">
        <button type="button" className="button button--outline" onClick={copy}>
          {texts.copyCodes}
        </button>
        <a
          className="button button--outline"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
          download={texts.codesFile}
        >
          {texts.downloadCodes}
        </a>
        <span role="status">{copied}</span>
      </p>
    </>
  );
}
