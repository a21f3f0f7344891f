import { documentTitle } from "@server/content/structure.ts";
import { requirePageStaff } from "@server/http/auth-guard.ts";
import { data, Link } from "react-router";
import { adminTexts as t } from "~/admin/texts.ts";
import { isDocumentName } from "~/lib/content/schemas.ts";
import type { Route } from "./+types/json-files";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePageStaff(request, context, "content.read");
  return data(
    {
      files: (await context.services.contentAdmin.files()).map((file) => ({
        ...file,
        title: isDocumentName(file.name) ? documentTitle(file.name) : "",
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
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
