import type { IncomingMessage } from "node:http";
import { HttpError, messages } from "./errors.ts";

/**
 * A request's body, refused with 413 the moment it passes `limit` bytes, whatever Content-Length
 * said (a chunked body declares none). The rest is read and dropped, so the sender, which reads no
 * answer before it has sent its body, gets the 413; Node's request timeout (5 min) ends a body that
 * never ends. Used by the handlers answered before React Router (lead intake, Jira's webhooks).
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error?: unknown) => {
      req.off("data", onData).off("end", onEnd).off("error", finish).off("close", onClose);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      finish(new HttpError(413, messages.bodyTooLarge));
      req.resume();
    };
    const onEnd = () => finish();
    // The sender left before the end of its body: nobody is there to read an answer.
    const onClose = () => finish(new HttpError(400, messages.invalidParameters));
    req.on("data", onData).on("end", onEnd).on("error", finish).on("close", onClose);
  });
}
