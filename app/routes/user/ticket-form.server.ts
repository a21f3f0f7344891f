import type { PortalTexts } from "@domain/portal/texts.ts";
import { TICKET_LIMITS } from "@domain/portal/tickets.ts";
import { refusalText } from "@domain/refusals.ts";
import type { z } from "@domain/zod.ts";
import { DomainError } from "@server/domain-errors.ts";
import type { SentFile, TicketInput } from "@server/portal/tickets.ts";
import { data } from "react-router";

/** The form fields of a ticket and of a reply that can carry a message of their own. */
export type TicketField = keyof TicketInput | "body" | "attachments";
export type FieldErrors = Partial<Record<TicketField, string>>;

/** The name of the file input in both forms. */
export const FILES_FIELD = "anexos";

/**
 * A page post's fields: a body the browser could not have sent (malformed multipart, a body cut
 * short) is a 400 page, never a 500.
 */
export async function readForm(request: Request, t: PortalTexts): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ message: t.tickets.invalid }, { status: 400 });
  }
}

/** A form text field, or undefined when absent (or a file where text belongs). */
export function textField(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}

/**
 * The files of the form's file input, as TicketService takes them. A file input left empty still
 * sends one part, with no name and no bytes: it is skipped.
 */
export async function sentFiles(form: FormData): Promise<SentFile[]> {
  const files: SentFile[] = [];
  for (const entry of form.getAll(FILES_FIELD)) {
    if (typeof entry === "string") continue;
    if (entry.size === 0 && entry.name === "") continue;
    files.push({ filename: entry.name, bytes: new Uint8Array(await entry.arrayBuffer()) });
  }
  return files;
}

/** Whether a file part was sent at all (after an error, the form asks to choose the files again). */
export function hadFiles(form: FormData): boolean {
  return form.getAll(FILES_FIELD).some((entry) => typeof entry !== "string" && entry.name !== "");
}

/**
 * A zod refusal of ticketInputSchema or replySchema as one message per field, in the visitor's
 * language (the first problem of each field; a reply's schema is the body itself).
 */
export function fieldErrorsOf(error: z.ZodError, t: PortalTexts, field?: TicketField): FieldErrors {
  const e = t.tickets.errors;
  // Each field's message when it is missing or short, and when it is too long.
  const messages: Partial<Record<TicketField, [string, string]>> = {
    category: [e.category, e.category],
    priority: [e.priority, e.priority],
    subject: [e.subject, e.subjectTooLong(TICKET_LIMITS.subject)],
    description: [e.description, e.descriptionTooLong(TICKET_LIMITS.description)],
    body: [e.body, e.bodyTooLong(TICKET_LIMITS.reply)],
  };
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const name = (field ?? issue.path[0]) as TicketField | undefined;
    if (!name || errors[name]) continue;
    const pair = messages[name];
    errors[name] = pair ? pair[issue.code === "too_big" ? 1 : 0] : issue.message;
  }
  return errors;
}

/**
 * A Content-Disposition that downloads under the file's own name: RFC 6266's filename* in UTF-8,
 * after a plain ASCII filename for clients that read only that one.
 */
export function attachmentDisposition(filename: string): string {
  const ascii =
    filename
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^\x20-\x7e]|["\\%;]/g, "_")
      .trim() || "anexo";
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A ticket's file as an answer: always a download, never shown in the site's origin (helmet adds
 * X-Content-Type-Options: nosniff to every answer, this one included); a file not found, or not the
 * caller's to see, is the same 404 in words.
 */
export async function ticketFileAnswer(
  read: () => Promise<{ filename: string; mimeType: string; bytes: Buffer }>,
  language: "pt" | "en",
): Promise<Response> {
  try {
    const file = await read();
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        "Content-Type": file.mimeType,
        "Content-Disposition": attachmentDisposition(file.filename),
        "Cache-Control": "private, no-store",
        "Content-Security-Policy": "default-src 'none'; sandbox",
      },
    });
  } catch (error) {
    if (!DomainError.is(error, "not-found")) throw error;
    return new Response(refusalText(error, language), {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
}
