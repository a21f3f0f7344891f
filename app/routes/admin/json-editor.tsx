import { loadEditor } from "@server/http/admin-editor.ts";
import { Form } from "react-router";
import { contentTexts as t } from "~/admin/content-texts.ts";
import { DocumentEditor } from "~/admin/DocumentEditor.tsx";
import type { Route } from "./+types/json-editor";

export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadEditor(request, context, "contentDocument", params.file);
}

/** A document's editor (B §2.8 "json/{filename}"), at any level of the lookup order, with the level shown. */
export default function JsonEditor({ loaderData }: Route.ComponentProps) {
  const { name, level } = loaderData;
  return (
    <section aria-labelledby="editor-titulo">
      <h1 id="editor-titulo">{loaderData.structure.header.label}</h1>
      <p className="editor__meta">
        {t.level}: <strong>{t.levelName(level.segment, level.lang, loaderData.segmentNames)}</strong>
        {!loaderData.stored && ` — ${t.newLevel}`} · <span className="editor__file">{name}.json</span>
      </p>
      <Form method="get" className="editor__level">
        <label className="field">
          <span className="field__label">Segmento</span>
          <select name="segment" defaultValue={level.segment}>
            <option value="">{t.levelDefault}</option>
            {Object.entries(loaderData.segmentNames).map(([segment, segmentName]) => (
              <option key={segment} value={segment}>
                {segmentName}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Idioma</span>
          <select name="lang" defaultValue={level.lang}>
            <option value="">{t.levelDefault}</option>
            <option value="pt">Português</option>
            <option value="en">Inglês</option>
            <option value="es">Espanhol</option>
          </select>
        </label>
        <button type="submit" className="button button--outline">
          {t.open}
        </button>
      </Form>
      <DocumentEditor key={`${name}/${level.segment}/${level.lang}`} data={loaderData} />
    </section>
  );
}
