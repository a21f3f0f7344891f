import { ALT_MAX, mediaTexts as t } from "@domain/media-library.ts";
import { mediaRefusals, uploadRefusals } from "@domain/refusals/content.ts";
import { uploadMessages, uploadProblem } from "@domain/uploads.ts";
import { useEffect, useId, useState } from "react";
import { FocalPicker } from "./FocalPicker.tsx";

/** What POST /api/media answers: the library entry (the fields the admin screens use). */
export interface UploadedMedia {
  id: number;
  url: string;
  originalName: string;
  width: number;
  height: number;
  alt: { pt: string; en: string };
}

/**
 * A new image for the library (decision 099): the file, its alt text in Portuguese and English (both
 * required, checked again by the server) and its focal point, picked on the preview. Sent to
 * POST /api/media, which checks the file by content and makes its WebP variants.
 */
export function MediaUpload({ onUploaded }: { onUploaded: (item: UploadedMedia) => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [altPt, setAltPt] = useState("");
  const [altEn, setAltEn] = useState("");
  const [focal, setFocal] = useState({ x: 0.5, y: 0.5 });
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  async function send() {
    if (!file) return setStatus({ ok: false, text: uploadRefusals.pt.empty });
    const problem = uploadProblem(file);
    if (problem) return setStatus({ ok: false, text: uploadRefusals.pt[problem] });
    if (!altPt.trim() || !altEn.trim()) return setStatus({ ok: false, text: mediaRefusals.pt.altRequired });
    setBusy(true);
    setStatus(null);
    try {
      const query = new URLSearchParams({
        name: file.name,
        altPt: altPt.trim(),
        altEn: altEn.trim(),
        focalX: String(focal.x),
        focalY: String(focal.y),
      });
      const res = await fetch(`/api/media?${query}`, {
        method: "POST",
        headers: { "Content-Type": file.type },
        body: file,
      });
      const body = (await res.json().catch(() => ({}))) as Partial<UploadedMedia> & { message?: string };
      if (!res.ok || !body.url) return setStatus({ ok: false, text: body.message ?? uploadMessages.failed });
      setStatus({ ok: true, text: t.sent });
      setFile(null);
      setAltPt("");
      setAltEn("");
      setFocal({ x: 0.5, y: 0.5 });
      onUploaded(body as UploadedMedia);
    } catch {
      setStatus({ ok: false, text: uploadMessages.failed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="media-upload">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-file`}>
          {t.file}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
          disabled={busy}
          onChange={(event) => {
            setStatus(null);
            setFile(event.target.files?.[0] ?? null);
          }}
        />
      </div>
      {preview && <FocalPicker src={preview} focal={focal} onChange={setFocal} />}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-pt`}>
          {t.altPt} <span className="field__required">*</span>
        </label>
        <input
          id={`${id}-pt`}
          name="altPt"
          value={altPt}
          maxLength={ALT_MAX}
          required
          aria-describedby={`${id}-hint`}
          onChange={(event) => setAltPt(event.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-en`}>
          {t.altEn} <span className="field__required">*</span>
        </label>
        <input
          id={`${id}-en`}
          name="altEn"
          value={altEn}
          maxLength={ALT_MAX}
          required
          aria-describedby={`${id}-hint`}
          onChange={(event) => setAltEn(event.target.value)}
        />
        <p className="field__hint" id={`${id}-hint`}>
          {t.altHint}
        </p>
      </div>
      <button type="button" className="button button--primary" disabled={busy} onClick={() => void send()}>
        {busy ? t.uploading : t.upload}
      </button>
      <div aria-live="polite">
        {status && (
          <p
            className={`banner ${status.ok ? "banner--success" : "banner--error"}`}
            role={status.ok ? "status" : "alert"}
          >
            {status.text}
          </p>
        )}
      </div>
    </div>
  );
}
