import { staffMay } from "@domain/auth/staff.ts";
import { ALT_MAX, describeUsages, mediaTexts as t } from "@domain/media-library.ts";
import { refusalWording } from "@domain/refusals.ts";
import { z } from "@domain/zod.ts";
import { requireAdminScreen, requirePageStaff } from "@server/http/auth-guard.ts";
import { refusalAnswer } from "@server/http/refusals.ts";
import type { MediaItem } from "@server/media/service.ts";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { FocalPicker } from "~/admin/FocalPicker.tsx";
import { MediaUpload } from "~/admin/MediaUpload.tsx";
import { ActionResult } from "~/components/ActionResult.tsx";
import "~/styles/media-library.css";
import type { Route } from "./+types/media";

/**
 * The media library (decision 099): upload with alt text and focal point, browse and search, details
 * with the documents using an image, edit alt text and focal point, delete an image no one uses.
 * Images content already used (shipped under /images, uploaded before) come in at each opening.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdminScreen(request, context, "media");
  const { media, logger } = context.services;
  await media
    .importReferenced()
    .catch((error: unknown) => logger.warn({ err: error }, "media import failed"));
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const missingAlt = url.searchParams.get("semAlt") === "1";
  const items = await media.list({ q, missingAlt });
  const selectedId = Number(url.searchParams.get("id"));
  let selected: { item: MediaItem; usages: Awaited<ReturnType<typeof media.usages>> } | null = null;
  if (Number.isInteger(selectedId) && selectedId > 0) {
    const item = await media.get(selectedId).catch(() => null);
    if (item) selected = { item, usages: await media.usages(item) };
  }
  // Editors upload and describe images; deleting one is an admin's (decision 100).
  const mayDelete = staffMay(user.role, "media.delete");
  return data(
    { items, q, missingAlt, selected, mayDelete },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const unit = z.coerce.number().min(0).max(1);
const editSchema = z.object({
  intent: z.literal("update"),
  id: z.coerce.number().int().positive(),
  altPt: z.string().max(ALT_MAX),
  altEn: z.string().max(ALT_MAX),
  focalX: unit,
  focalY: unit,
});
const deleteSchema = z.object({ intent: z.literal("delete"), id: z.coerce.number().int().positive() });

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const admin = await requirePageStaff(
    request,
    context,
    form.intent === "delete" ? "media.delete" : "media.upload",
  );
  const { media } = context.services;
  try {
    if (form.intent === "update") {
      const input = editSchema.safeParse(form);
      if (!input.success) return { ok: false, message: refusalWording("pt", "media.altRequired") };
      await media.edit(
        input.data.id,
        {
          alt: { pt: input.data.altPt, en: input.data.altEn },
          focal: { x: input.data.focalX, y: input.data.focalY },
        },
        admin.email,
      );
      return { ok: true, message: t.saved };
    }
    if (form.intent === "delete") {
      const input = deleteSchema.safeParse(form);
      if (!input.success)
        return data({ ok: false, message: refusalWording("pt", "media.notFound") }, { status: 400 });
      await media.remove(input.data.id, admin.email);
      return { ok: true, message: t.deleted, deleted: true };
    }
    return data({ ok: false, message: refusalWording("pt", "media.notFound") }, { status: 400 });
  } catch (error) {
    return refusalAnswer(error, "pt");
  }
}

export function meta() {
  return [{ title: `${t.title} | Vértice` }, { name: "robots", content: "noindex" }];
}

const thumbOf = (item: MediaItem) => item.variants[0]?.url ?? item.url;
const missingAlt = (item: MediaItem) => !item.alt.pt || !item.alt.en;

export default function MediaLibrary({ loaderData, actionData }: Route.ComponentProps) {
  const { items, q, selected } = loaderData;
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const withId = (id: number) => {
    const next = new URLSearchParams(params);
    next.set("id", String(id));
    return `?${next}`;
  };
  return (
    <section className="media-library" aria-labelledby="midia-titulo">
      <h1 id="midia-titulo">{t.title}</h1>
      <p>{t.intro}</p>
      <ActionResult result={actionData} />
      <details className="media-library__upload" open={items.length === 0 || undefined}>
        <summary className="button button--primary">{t.upload}</summary>
        <MediaUpload onUploaded={() => revalidator.revalidate()} />
      </details>
      <Form method="get" className="media-library__search" role="search">
        <label className="field">
          <span className="field__label">{t.search}</span>
          <input type="search" name="q" defaultValue={q} maxLength={100} />
        </label>
        <label className="media-library__check">
          <input type="checkbox" name="semAlt" value="1" defaultChecked={loaderData.missingAlt} />{" "}
          {t.missingOnly}
        </label>
        <button type="submit" className="button button--outline">
          {t.searchButton}
        </button>
      </Form>
      <p role="status">{t.count(items.length)}</p>
      <div className={`media-library__body${selected ? " media-library__body--details" : ""}`}>
        {items.length === 0 ? (
          <p>{t.none}</p>
        ) : (
          <ul className="media-grid">
            {items.map((item) => (
              <li key={item.id} className={selected?.item.id === item.id ? "is-selected" : undefined}>
                <Link to={withId(item.id)} preventScrollReset className="media-card">
                  <img src={thumbOf(item)} alt="" width={160} height={120} loading="lazy" />
                  <span className="media-card__name">{item.originalName}</span>
                  {item.alt.pt && <span className="media-card__alt">{item.alt.pt}</span>}
                  {missingAlt(item) && (
                    <span className="media-card__missing">
                      {item.alt.pt ? t.missingEnglishAlt : t.missingAlt}
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        )}
        {selected && <MediaDetails key={selected.item.id} {...selected} mayDelete={loaderData.mayDelete} />}
      </div>
    </section>
  );
}

function MediaDetails({
  item,
  usages,
  mayDelete,
}: {
  item: MediaItem;
  usages: { document: string; segment: string; lang: string; fields: string[]; draft?: boolean }[];
  mayDelete: boolean;
}) {
  const [focal, setFocal] = useState(item.focal);
  const busy = useNavigation().state === "submitting";
  const panel = useRef<HTMLElement>(null);
  useEffect(() => setFocal(item.focal), [item.focal]);
  // On a phone the details sit above a long grid: bring them into view when an image is chosen.
  useEffect(() => {
    if (window.matchMedia("(max-width: 1099px)").matches) panel.current?.scrollIntoView({ block: "start" });
  }, []);
  const preview = item.variants.find((v) => v.width >= 640)?.url ?? item.variants.at(-1)?.url ?? item.url;
  return (
    <aside ref={panel} className="media-details" aria-labelledby="midia-detalhes">
      <h2 id="midia-detalhes">
        {t.details}: {item.originalName}
      </h2>
      <FocalPicker src={preview} focal={focal} onChange={setFocal} width={item.width} height={item.height} />
      <dl className="media-details__facts">
        <dt>{t.address}</dt>
        <dd>
          <code>{item.url}</code>
        </dd>
        <dt>{t.original}</dt>
        <dd>
          {item.mime} · {t.dimensions(item.width, item.height)} · {t.size(item.size)}
          {item.source === "site" && ` · ${t.fromSite}`}
        </dd>
        <dt>{t.variants}</dt>
        <dd>
          {item.variants.length === 0
            ? t.noVariants
            : item.variants.map((v) => `${v.width} px (${t.size(v.size)})`).join(", ")}
        </dd>
        {item.uploadedBy && (
          <>
            <dt>{t.uploadedBy}</dt>
            <dd>{item.uploadedBy}</dd>
          </>
        )}
        <dt>{t.usedIn}</dt>
        <dd>
          {usages.length === 0 ? (
            t.unused
          ) : (
            <ul className="media-details__usages">
              {usages.map((usage) => (
                <li key={`${usage.document}-${usage.segment}-${usage.lang}-${usage.draft ? "rascunho" : ""}`}>
                  {describeUsages([usage])}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      <Form method="post" className="media-details__form">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={item.id} />
        <input type="hidden" name="focalX" value={focal.x} />
        <input type="hidden" name="focalY" value={focal.y} />
        <label className="field">
          <span className="field__label">
            {t.altPt} <span className="field__required">*</span>
          </span>
          <input name="altPt" defaultValue={item.alt.pt} maxLength={ALT_MAX} required />
        </label>
        <label className="field">
          <span className="field__label">
            {t.altEn} <span className="field__required">*</span>
          </span>
          <input name="altEn" defaultValue={item.alt.en} maxLength={ALT_MAX} required />
        </label>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t.save}
        </button>
      </Form>
      {mayDelete && (
        <Form
          method="post"
          className="media-details__delete"
          onSubmit={(event) => {
            if (!window.confirm(t.confirmDelete)) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={item.id} />
          <button
            type="submit"
            className="button button--outline media-details__delete-button"
            disabled={busy}
          >
            {t.delete}
          </button>
        </Form>
      )}
    </aside>
  );
}
