import { type ReactNode, useState } from "react";
import { uploadMessages, uploadProblem } from "~/lib/uploads.ts";
import { adminTexts as t } from "./texts.ts";

/**
 * The image_upload component of B §2.8: an image's address, typed or set by sending a file to the
 * server (POST /api/uploads), which checks it by content and answers where it is served.
 */
export function ImageUploadField({
  id,
  label,
  hint,
  value,
  required,
  onChange,
}: {
  id: string;
  label: ReactNode;
  hint: ReactNode;
  value: unknown;
  required: boolean | undefined;
  onChange: (value: unknown) => void;
}) {
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const address = typeof value === "string" ? value : "";

  async function send(file: File) {
    const problem = uploadProblem(file);
    if (problem) return setStatus({ ok: false, text: problem });
    setBusy(true);
    setStatus(null);
    try {
      const res = await fetch("/api/uploads", {
        method: "POST",
        headers: { "Content-Type": file.type },
        body: file,
      });
      const body = (await res.json().catch(() => ({}))) as { url?: string; message?: string };
      if (!res.ok || !body.url) return setStatus({ ok: false, text: body.message ?? uploadMessages.failed });
      onChange(body.url);
      setStatus({ ok: true, text: uploadMessages.sent });
    } catch {
      setStatus({ ok: false, text: uploadMessages.failed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="field">
      {label}
      <input
        id={id}
        type="text"
        value={address}
        onChange={(event) =>
          onChange(event.target.value === "" && !required ? undefined : event.target.value)
        }
      />
      <div className="editor-upload">
        <label className="button button--outline">
          {busy ? t.uploading : t.upload}
          <input
            type="file"
            className="visually-hidden"
            accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void send(file);
            }}
          />
        </label>
        {address.startsWith("/") && (
          <img src={address} alt="" width={160} height={90} className="editor-preview" loading="lazy" />
        )}
      </div>
      {status ? (
        <p className={status.ok ? "field__hint" : "field__error"} role={status.ok ? "status" : "alert"}>
          {status.text}
        </p>
      ) : (
        hint
      )}
    </div>
  );
}
