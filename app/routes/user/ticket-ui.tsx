import { formatDateTime, formatFileSize, formatInstantDay } from "@domain/format.ts";
import type { PortalTexts } from "@domain/portal/texts.ts";
import {
  ATTACHMENT_ACCEPT,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  type TicketStatus,
} from "@domain/portal/tickets.ts";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { Icon } from "~/components/Icon.tsx";

/** Dates and sizes as the visitor reads them, always in São Paulo's time (the same on server and browser). */
export function ticketFormat(language: string) {
  const offered = language === "en" ? "en" : "pt";
  return {
    dateTime: (iso: string) => formatDateTime(iso, offered),
    date: (iso: string) => formatInstantDay(iso, offered),
    size: (bytes: number) => formatFileSize(bytes, offered),
  };
}

/** A ticket's status as a coloured badge whose words carry the meaning (colour only repeats them). */
export function StatusBadge({ status, t }: { status: TicketStatus; t: PortalTexts }) {
  return <span className={`ticket-status ticket-status--${status}`}>{t.tickets.statuses[status]}</span>;
}

/** The ids of a field's hint and error, for aria-describedby. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const list = ids.filter(Boolean);
  return list.length ? list.join(" ") : undefined;
}

/**
 * What a form refused, at its top: the message, and a link to each field with a problem (the
 * fields show their own message too). Takes focus when it appears, so it is read at once.
 */
export function ErrorSummary({
  message,
  fields,
  labels,
  title,
}: {
  message?: string;
  fields: Partial<Record<string, string>>;
  labels: Partial<Record<string, { id: string; label: string }>>;
  title: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const entries = Object.entries(fields).filter(([name, text]) => text && labels[name]);
  const shown = Boolean(message) || entries.length > 0;
  useEffect(() => {
    if (shown) box.current?.focus();
  }, [shown]);
  if (!shown) return null;
  return (
    <div ref={box} className="banner banner--error error-summary" role="alert" tabIndex={-1}>
      {message && <p>{message}</p>}
      {entries.length > 0 && (
        <>
          <p>
            <strong>{title}</strong>
          </p>
          <ul>
            {entries.map(([name, text]) => (
              <li key={name}>
                <a href={`#${labels[name]!.id}`}>{text}</a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/**
 * The file input of a ticket or a reply: up to MAX_ATTACHMENTS files of MAX_ATTACHMENT_BYTES, the
 * accepted kinds stated. The browser checks the count and sizes as they are chosen (nothing is sent
 * that the server would refuse for its size); the server checks again, by content.
 */
export function AttachmentField({
  id,
  t,
  error,
  filesAgain,
}: {
  id: string;
  t: PortalTexts;
  error?: string;
  filesAgain?: boolean;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  // Whether the input still holds the files chosen: after a refusal answered in place (JavaScript)
  // it does, and "choose them again" would be wrong; after a page reload (no JavaScript) it is empty.
  const input = useRef<HTMLInputElement>(null);
  const [holdsFiles, setHoldsFiles] = useState(false);
  useEffect(() => {
    setHoldsFiles((input.current?.files?.length ?? 0) > 0);
  }, [filesAgain]);
  const askAgain = filesAgain && !holdsFiles;
  const shown = problem ?? error ?? null;
  const check = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    setHoldsFiles(files.length > 0);
    const large = files.find((file) => file.size > MAX_ATTACHMENT_BYTES);
    const found =
      files.length > MAX_ATTACHMENTS
        ? t.tickets.errors.tooManyFiles
        : large
          ? t.tickets.errors.fileTooLarge(large.name)
          : null;
    event.currentTarget.setCustomValidity(found ?? "");
    setProblem(found);
  };
  return (
    <div className={`field${shown ? " field--invalid" : ""}`}>
      <label htmlFor={id} className="field__label">
        {t.tickets.attachments} <span className="field__optional">{t.tickets.optional}</span>
      </label>
      <p id={`${id}-dica`} className="field__hint">
        {t.tickets.attachmentsHint}
      </p>
      <input
        ref={input}
        id={id}
        type="file"
        name="anexos"
        multiple
        accept={ATTACHMENT_ACCEPT}
        onChange={check}
        aria-invalid={shown ? true : undefined}
        aria-describedby={describedBy(`${id}-dica`, shown && `${id}-erro`, askAgain && `${id}-de-novo`)}
      />
      {shown && (
        <p id={`${id}-erro`} className="field__error">
          {shown}
        </p>
      )}
      {askAgain && !problem && (
        <p id={`${id}-de-novo`} className="field__hint">
          {t.tickets.filesAgain}
        </p>
      )}
    </div>
  );
}

/** A ticket's or a message's files, each a download link with its size. */
export function AttachmentList({
  ticketId,
  files,
  t,
  size,
}: {
  ticketId: string;
  files: { id: string; filename: string; size: number }[];
  t: PortalTexts;
  size: (bytes: number) => string;
}) {
  if (files.length === 0) return null;
  return (
    <ul className="attachment-list">
      {files.map((file) => (
        <li key={file.id}>
          <a href={`/user/suporte/${ticketId}/anexos/${file.id}`} download={file.filename}>
            <Icon name="file-text" size={18} className="attachment-list__icon" />
            <span className="visually-hidden">{t.tickets.download} </span>
            <span className="attachment-list__name">{file.filename}</span>
            <span className="attachment-list__size">{size(file.size)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
