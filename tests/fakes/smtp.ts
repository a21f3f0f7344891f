import { createServer, type Socket } from "node:net";

/** A message as the fake SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The text body (the text/plain part of a multipart message), quoted-printable and base64 decoded. */
  text: string;
  /** The text/html part of a multipart message, decoded; undefined for a single-part message. */
  html?: string;
  /** The message's header lines, unfolded, as sent. */
  headers: string[];
  /** A calendar invitation's text/calendar part (RFC 6047): its METHOD parameter and content. */
  calendar?: { method: string; content: string };
}

export interface FakeSmtp {
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** While down, every connection is greeted "421 Service not available" and closed (RFC 5321 §3.8). */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

/**
 * A local SMTP server (RFC 5321, plain text, no STARTTLS or AUTH) that accepts every message and
 * keeps it: the outside world of e-mail at its real protocol, for the server's nodemailer.
 */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const messages: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  let down = false;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    if (down) {
      socket.end("421 fake-smtp Service not available, closing transmission channel\r\n");
      return;
    }
    socket.setEncoding("utf8");
    let buffer = "";
    let inData = false;
    let envelope = { from: "", to: [] as string[] };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 fake-smtp ESMTP ready");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          const raw = buffer.slice(0, end).replace(/^\.\./gm, ".");
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push({ ...envelope, ...parseMessage(raw) });
          envelope = { from: "", to: [] };
          reply("250 OK: queued");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") reply("250-fake-smtp\r\n250 8BITMIME");
        else if (verb === "HELO") reply("250 fake-smtp");
        else if (verb === "MAIL") {
          envelope.from = /<([^>]*)>/.exec(line)?.[1] ?? "";
          reply("250 OK");
        } else if (verb === "RCPT") {
          envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
          reply("250 OK");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 End data with <CR><LF>.<CR><LF>");
        } else if (verb === "RSET" || verb === "NOOP") reply("250 OK");
        else if (verb === "QUIT") {
          reply("221 Bye");
          socket.end();
        } else reply("502 Command not implemented");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    setDown(value) {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Subject, text and HTML parts and the header lines of a message as nodemailer writes one. */
function parseMessage(raw: string): Omit<ReceivedMail, "from" | "to"> {
  const { head, body } = splitHead(raw);
  const header = headerOf(head);
  const parts = partsOf(head, body);
  const text = parts.find((part) => part.type === "text/plain")?.body ?? "";
  const html = parts.find((part) => part.type === "text/html")?.body;
  // nodemailer's icalEvent is an alternative (method=…) and an attachment: the first is the invitation.
  const calendar = parts.find((part) => part.type === "text/calendar");
  return {
    subject: decodeWords(header("Subject")),
    text,
    ...(/^multipart\//i.test(header("Content-Type")) ? { html } : {}),
    headers: head.split("\r\n"),
    ...(calendar
      ? {
          calendar: {
            method: /method=([A-Z]+)/i.exec(calendar.contentType)?.[1] ?? "",
            content: calendar.body,
          },
        }
      : {}),
  };
}

/** The header lines (unfolded) and the body of a message or of a part. */
function splitHead(raw: string): { head: string; body: string } {
  const split = raw.indexOf("\r\n\r\n");
  return { head: raw.slice(0, split).replace(/\r\n[ \t]+/g, " "), body: raw.slice(split + 4) };
}

function headerOf(head: string): (name: string) => string {
  return (name) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
}

/** The leaf parts of a message (itself when single-part), each with its type and decoded body. */
function partsOf(head: string, body: string): { type: string; contentType: string; body: string }[] {
  const header = headerOf(head);
  const type = header("Content-Type").split(";")[0]!.trim().toLowerCase() || "text/plain";
  if (type.startsWith("multipart/")) {
    const boundary = /boundary="?([^";]+)"?/i.exec(header("Content-Type"))?.[1] ?? "";
    return body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((chunk) => {
        const part = splitHead(chunk.replace(/^\r\n/, ""));
        return partsOf(part.head, part.body.replace(/\r\n$/, ""));
      });
  }
  return [
    {
      type,
      contentType: header("Content-Type"),
      body: decodeBody(body, header("Content-Transfer-Encoding").toLowerCase()),
    },
  ];
}

function decodeBody(body: string, encoding: string): string {
  const decoded =
    encoding === "quoted-printable"
      ? Buffer.from(
          body
            .replace(/=\r\n/g, "")
            .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
          "latin1",
        ).toString("utf8")
      : encoding === "base64"
        ? Buffer.from(body, "base64").toString("utf8")
        : body;
  return decoded.replace(/\r\n/g, "\n");
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) in a header. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : Buffer.from(
          data
            .replace(/_/g, " ")
            .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
}
