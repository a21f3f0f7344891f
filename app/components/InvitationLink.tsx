import type { PortalTexts } from "@domain/portal/texts.ts";
import { useState } from "react";

/** An invitation's link shown once (no SMTP): selectable text and a copy button. */
export function InvitationLink({ link, t }: { link: string; t: PortalTexts }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="invitation-link">
      <label className="field">
        <span className="field__label">{t.invite.linkLabel}</span>
        <input type="text" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
      </label>
      <button
        type="button"
        className="button button--outline"
        onClick={() => {
          void navigator.clipboard?.writeText(link).then(() => setCopied(true));
        }}
      >
        {t.invite.copy}
      </button>
      <p aria-live="polite">{copied ? t.invite.copied : ""}</p>
    </div>
  );
}
