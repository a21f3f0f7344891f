import { loadEditor } from "@server/http/admin-editor.ts";
import { DocumentEditor } from "~/admin/DocumentEditor.tsx";
import { plansEditorTexts as t } from "~/admin/plans-editor-texts.ts";
import type { Route } from "./+types/plans-editor";

export function loader({ request, context }: Route.LoaderArgs) {
  return loadEditor(request, context, "plans", "plans-data");
}

/** The plans editor (B §2.8 "pages", §7.5, §8.3): the plans form over plans-data, with its own messages. */
export default function PlansEditor({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="planos-editor-titulo">
      <h1 id="planos-editor-titulo">{t.title}</h1>
      <DocumentEditor
        key={`${loaderData.level.segment}/${loaderData.level.lang}`}
        data={loaderData}
        messages={{
          saved: t.saved,
          saveError: (reason) => t.saveError(reason),
          draftError: (reason) => t.saveError(reason),
          errorTitle: t.saveFailed,
        }}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <p className="banner banner--error" role="alert">
      {t.loadError}
    </p>
  );
}
