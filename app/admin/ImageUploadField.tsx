import { mediaTexts } from "@domain/media-library.ts";
import { useState } from "react";
import { contentTexts as t } from "./content-texts.ts";
import type { FieldControlProps } from "./EditorControls.tsx";
import { MediaPicker } from "./MediaPicker.tsx";

/**
 * The image_upload component of B §2.8: an image's address, typed, chosen from the media library,
 * or set by sending a new image into the library (decision 099: with its alt text in Portuguese and
 * English and its focal point; the server makes its WebP variants).
 */
export function ImageUploadField({ id, label, hint, value, required, onChange }: FieldControlProps) {
  const [picker, setPicker] = useState<null | "choose" | "upload">(null);
  const [status, setStatus] = useState<string | null>(null);
  const address = typeof value === "string" ? value : "";

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
        <button type="button" className="button button--outline" onClick={() => setPicker("choose")}>
          {mediaTexts.choose}
        </button>
        <button type="button" className="button button--outline" onClick={() => setPicker("upload")}>
          {t.upload}
        </button>
        {address.startsWith("/") && (
          <img src={address} alt="" width={160} height={90} className="editor-preview" loading="lazy" />
        )}
      </div>
      {status ? (
        <p className="field__hint" role="status">
          {status}
        </p>
      ) : (
        hint
      )}
      {picker && (
        <MediaPicker
          open
          uploadFirst={picker === "upload"}
          onClose={() => setPicker(null)}
          onPick={(url) => {
            onChange(url);
            setStatus(url);
            setPicker(null);
          }}
        />
      )}
    </div>
  );
}
