import { documentTitle } from "@server/content/structure.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { data, Link } from "react-router";
import { adminTexts as t } from "~/admin/texts.ts";
import { isDocumentName } from "~/lib/content/schemas.ts";
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
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The JSON file list (B §2.8 "json"): every document and the levels it is stored at. */
export default function JsonFiles({ loaderData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="arquivos-titulo">
      <h1 id="arquivos-titulo">{t.files}</h1>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t.file}</th>
              <th scope="col">{t.content}</th>
              <th scope="col">{t.levels}</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.files.map((file) => (
              <tr key={file.filename}>
                <td>
                  <Link to={`/admin/json/${file.filename}`}>{file.filename}</Link>
                </td>
                <td>{file.title}</td>
                <td>
                  <ul className="level-list">
                    {file.levels.map((level) => (
                      <li key={`${level.segment}/${level.lang}`}>
                        <Link to={`/admin/json/${file.filename}?segment=${level.segment}&lang=${level.lang}`}>
                          {t.levelName(level.segment, level.lang)} · v{level.version}
                        </Link>
                        {level.draft && <span className="badge">{t.workflow.hasDraft}</span>}
                      </li>
                    ))}
                    {file.draftOnly.map((level) => (
                      <li key={`${level.segment}/${level.lang}`}>
                        <Link to={`/admin/json/${file.filename}?segment=${level.segment}&lang=${level.lang}`}>
                          {t.levelName(level.segment, level.lang)}
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
}
