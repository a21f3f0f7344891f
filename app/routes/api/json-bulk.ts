import { z } from "@domain/zod.ts";
import { DomainError } from "@server/domain-errors.ts";
import { handleApi, readJsonBody } from "@server/http/api.ts";
import { requireStaff } from "@server/http/auth-guard.ts";
import { documentNameFrom, levelFrom } from "@server/http/content-api.ts";
import { errorResponse, jsonResponse, messages } from "@server/http/errors.ts";
import type { Route } from "./+types/json-bulk";

const bulkSchema = z.strictObject({ files: z.unknown() });

/** POST /api/json/bulk {files: ["menu_data.json", ...]} (B §5.5): several documents of one level at once. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(context.services.logger, async () => {
    if (request.method !== "POST") return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
    await requireStaff(request, context, "content.read");
    const { files } = await readJsonBody(request, bulkSchema);
    if (!Array.isArray(files) || files.length === 0 || files.some((f) => typeof f !== "string"))
      throw new DomainError("invalid", "content.emptyFileList");
    const level = levelFrom(new URL(request.url), context.services.domains.subdomains);
    const result: Record<string, unknown> = {};
    for (const file of files as string[]) {
      const name = documentNameFrom(file);
      result[`${name}.json`] = (await context.services.contentAdmin.read(name, level)).data;
    }
    return jsonResponse({ files: result }, { headers: { "Cache-Control": "no-store" } });
  });
}

export function loader() {
  return errorResponse(405, messages.methodNotAllowed, { Allow: "POST" });
}
