import { mediaTexts as t } from "@domain/media-library.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { MediaUpload } from "./MediaUpload.tsx";
import "~/styles/media-library.css";

interface PickerItem {
  id: number;
  url: string;
  originalName: string;
  alt: { pt: string; en: string };
  variants: { width: number; url: string }[];
}

/**
 * The editor's image picker (decision 099): the media library in a dialog, searchable, an image chosen
 * with one click, or a new one uploaded into it (alt text required) and chosen at once.
 */
export function MediaPicker({
  open,
  uploadFirst,
  onPick,
  onClose,
}: {
  open: boolean;
  /** Opened to send a new image: the upload form comes first. */
  uploadFirst: boolean;
  onPick: (url: string) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [q, setQ] = useState("");
  const [items, setItems] = useState<PickerItem[] | null>(null);
  const [error, setError] = useState(false);

  const load = useCallback(async (query: string) => {
    setError(false);
    try {
      const res = await fetch(`/api/media?${new URLSearchParams({ q: query })}`);
      if (!res.ok) throw new Error(String(res.status));
      setItems(((await res.json()) as { items: PickerItem[] }).items);
    } catch {
      setError(true);
    }
  }, []);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      void load("");
    } else if (!open && element.open) element.close();
  }, [open, load]);

  return (
    <dialog ref={dialog} className="media-picker" aria-labelledby="media-picker-title" onClose={onClose}>
      <div className="media-picker__top">
        <h2 id="media-picker-title">{t.choose}</h2>
        <button type="button" className="button button--outline" onClick={onClose}>
          {t.close}
        </button>
      </div>
      <details className="media-library__upload" open={uploadFirst || undefined}>
        <summary className="button button--primary">{t.upload}</summary>
        <MediaUpload onUploaded={(item) => onPick(item.url)} />
      </details>
      <search>
        <form
          className="media-library__search"
          onSubmit={(event) => {
            event.preventDefault();
            void load(q);
          }}
        >
          <label className="field">
            <span className="field__label">{t.search}</span>
            <input type="search" value={q} maxLength={100} onChange={(event) => setQ(event.target.value)} />
          </label>
          <button type="submit" className="button button--outline">
            {t.searchButton}
          </button>
        </form>
      </search>
      {error && (
        <p className="banner banner--error" role="alert">
          {t.loadError}
        </p>
      )}
      {items && items.length === 0 && <p>{t.none}</p>}
      {items && items.length > 0 && (
        <ul className="media-grid">
          {items.map((item) => (
            <li key={item.id}>
              <button type="button" className="media-card" onClick={() => onPick(item.url)}>
                <img src={item.variants[0]?.url ?? item.url} alt="" width={160} height={120} loading="lazy" />
                <span className="media-card__name">{item.originalName}</span>
                {item.alt.pt && item.alt.en ? (
                  <span className="media-card__alt">{item.alt.pt}</span>
                ) : (
                  <span className="media-card__missing">{t.missingAlt}</span>
                )}
                <span className="visually-hidden">{t.use}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </dialog>
  );
}
