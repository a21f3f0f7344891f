import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * The layers of docs/request-path.md, as the `X-Answered-By` header names them: which one answered
 * a request, for a developer reading the network panel and for the tests (ANSWER_LAYER_HEADER, on in
 * development and in the suite's servers; off in production, where the header would only add bytes).
 */
export type AnsweringLayer = "page-cache" | "express" | "resource-route" | "island-page" | "react-router";

export const ANSWERED_BY = "X-Answered-By";

type Next = (error?: unknown) => void;
type Handler<Req extends IncomingMessage, Res extends ServerResponse> = (
  req: Req,
  res: Res,
  next: Next,
) => unknown;

/**
 * `handler` as the layer it is: the header names the layer while it works, and goes back to the
 * layer before when it passes the request on (calls `next`) without answering. Off, the handler
 * itself.
 */
export function asLayer<Req extends IncomingMessage, Res extends ServerResponse>(
  layer: AnsweringLayer,
  handler: Handler<Req, Res>,
  on: boolean,
): Handler<Req, Res> {
  if (!on) return handler;
  return (req, res, next) => {
    const before = res.getHeader(ANSWERED_BY);
    if (!res.headersSent) res.setHeader(ANSWERED_BY, layer);
    return handler(req, res, (error?: unknown) => {
      if (!res.headersSent) {
        if (before === undefined) res.removeHeader(ANSWERED_BY);
        else res.setHeader(ANSWERED_BY, before);
      }
      next(error);
    });
  };
}
