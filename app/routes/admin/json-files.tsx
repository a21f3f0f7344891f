import { requirePageAdmin } from "@server/http/auth-guard.ts";
import { data, Link } from "react-router";
import { adminTexts as t } from "~/admin/texts.ts";
import type { Route } from "./+types/json-files";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePageAdmin(request, context);
  return data(
    { files: await context.services.contentAdmin.files() },
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
            <th scope="col">{t.levels}</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.files.map((file) => (
            <tr key={file.filename}>
              <td>
                <Link to={`/admin/json/${file.filename}`}>{file.filename}</Link>
              </td>
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
