import { errorResponse, messages } from "@server/http/errors.ts";

/** Every unknown /api path and method: 404 JSON, never the page shell. */
export function loader() {
  return errorResponse(404, messages.notFound);
}

export function action() {
  return errorResponse(404, messages.notFound);
}
