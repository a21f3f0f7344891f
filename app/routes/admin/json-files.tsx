import { isDocumentName } from "@domain/content/schemas.ts";
import { CONTENT_GROUPS } from "@server/content/documents.ts";
import { documentTitle } from "@server/content/structure.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { data, Link } from "react-router";
import { contentTexts as t } from "~/admin/content-texts.ts";
import type { Route } from "./+types/json-files";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context, "contentFiles");
  const [files, drafts] = await Promise.all([
    context.services.contentAdmin.files(),
    context.services.workflow.draftLevels(),
  ]);
  const draftOf = (name: string, level: { segment: string; lang: string }) =>
    drafts.some((d) => d.name === name && d.segment === level.segment && d.lang === level.lang);
  return data(
    {
      files: files.map((file) => ({
        ...file,
        title: isDocumentName(file.name) ? documentTitle(file.name) : "",
        levels: file.levels.map((level) => ({ ...level, draft: draftOf(file.name, level) })),
        // A level begun as a draft and never published yet is listed too.
        draftOnly: drafts.filter(
          (d) =>
            d.name === file.name && !file.levels.some((l) => l.segment === d.segment && l.lang === d.lang),
        ),
      })),
      groups: CONTENT_GROUPS,
      segmentNames: Object.fromEntries(
        Object.entries(context.services.domains.subdomains).map(([key, site]) => [key, site.name ?? key]),
      ),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * The content list (B §2.8 "json"): every document by its Portuguese name, grouped by the part of the
 * site it feeds (server/content/documents.ts, decision 116), with the levels it is stored at; the
 * file name only as a detail.
 */
export default function JsonFiles({ loaderData }: Route.ComponentProps) {
  const byName = new Map(loaderData.files.map((file) => [file.name, file]));
  const level = (segment: string, lang: string) => t.levelName(segment, lang, loaderData.segmentNames);
  return (
    <section aria-labelledby="arquivos-titulo">
      <h1 id="arquivos-titulo">{t.files}</h1>
      <p className="admin-intro">{t.filesIntro}</p>
      {loaderData.groups.map((group, index) => {
        const files = group.documents.flatMap((name) => byName.get(name) ?? []);
        if (files.length === 0) return null;
        return (
          <section key={group.label} className="content-group" aria-labelledby={`grupo-${index}`}>
            <h2 id={`grupo-${index}`}>{group.label}</h2>
            <div className="admin-table-wrap">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">{t.document}</th>
                    <th scope="col">{t.levels}</th>
                  </tr>
                </thead>
                <tbody>
                  {files.map((file) => (
                    <tr key={file.filename}>
                      <td>
                        <Link to={`/admin/json/${file.filename}`} className="content-group__name">
                          {file.title || file.name}
                        </Link>
                        <span className="content-group__file">{file.filename}</span>
                      </td>
                      <td>
                        <ul className="level-list">
                          {file.levels.map((stored) => (
                            <li key={`${stored.segment}/${stored.lang}`}>
                              <Link
                                to={`/admin/json/${file.filename}?segment=${stored.segment}&lang=${stored.lang}`}
                              >
                                {level(stored.segment, stored.lang)} · {t.versionName(stored.version)}
                              </Link>
                              {stored.draft && <span className="badge">{t.workflow.hasDraft}</span>}
                            </li>
                          ))}
                          {file.draftOnly.map((draft) => (
                            <li key={`${draft.segment}/${draft.lang}`}>
                              <Link
                                to={`/admin/json/${file.filename}?segment=${draft.segment}&lang=${draft.lang}`}
                              >
                                {level(draft.segment, draft.lang)}
                              </Link>
                              <span className="badge">{t.workflow.draftNotPublished}</span>
                            </li>
                          ))}
                        </ul>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        );
      })}
    </section>
  );
}
