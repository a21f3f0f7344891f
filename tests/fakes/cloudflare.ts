/**
 * A fake of Cloudflare's purge by tag, for integration tests: `POST /client/v4/zones/:zone/purge_cache`
 * at its real path, answering in Cloudflare's envelope `{ success, errors, messages, result }`. Like
 * Cloudflare it checks the bearer token first (400 when the header is malformed, 403 "Authentication
 * error" when the token is wrong), then the zone (400 "Could not route…"), then the body: `tags` must be
 * a non-empty array of at most 100 printable ASCII strings of at most 1,024 characters (400 otherwise).
 * The codes 6003, 10000, 7000, 7003, 1014, 1100, 1315, 1016 and 971 (a 429) are those Cloudflare is
 * reported to answer in these cases; the others (6007, 1015, 1017, 10405, 10002) are the fake's guesses.
 *
 * Each accepted purge is recorded (zone, tags, time). It can be told to answer the next calls with a
 * status (429 with Retry-After, 500…), to accept and never answer them (time-outs), or to be down
 * (every connection is cut without an answer).
 */
import { randomBytes } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** Tags per call (developers.cloudflare.com/cache/how-to/purge-cache, "Purge limits"). */
export const FAKE_CLOUDFLARE_MAX_TAGS = 100;
/** Longest tag in a purge call (developers.cloudflare.com, "Purge cache by cache-tags"). */
export const FAKE_CLOUDFLARE_MAX_TAG_LENGTH = 1024;

export interface FakeCloudflarePurge {
  zone: string;
  tags: string[];
  at: Date;
}

/** Every request the fake received, answered or not. */
export interface FakeCloudflareCall {
  method: string;
  path: string;
  authorization?: string;
  body: string;
  /** What it answered; undefined when it cut or held the connection. */
  status?: number;
}

export interface FakeCloudflareFailure {
  /** Retry-After sent with the status (seconds, or an HTTP date). */
  retryAfter?: number | string;
  /** The envelope's errors instead of the default one for the status. */
  errors?: CloudflareError[];
}

interface CloudflareError {
  code: number;
  message: string;
  error_chain?: CloudflareError[];
}

export interface FakeCloudflare {
  baseUrl: string;
  /** Accepted purges, in order. */
  purges: FakeCloudflarePurge[];
  calls: FakeCloudflareCall[];
  /** The next `count` calls get `status` (429 with `retryAfter`, 500, 503…), before any check. */
  failNext(count: number, status: number, options?: FakeCloudflareFailure): void;
  /** The next `count` calls are read and never answered (until close). */
  hangNext(count: number): void;
  /** While down, every connection is cut without an answer, as an unreachable API. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

const DEFAULT_ERRORS: Record<number, CloudflareError> = {
  429: { code: 971, message: "Please wait and consider throttling your request speed" },
  500: { code: 10002, message: "An unknown error has occurred" },
  502: { code: 10002, message: "Bad gateway" },
  503: { code: 10002, message: "Service unavailable" },
};

function envelope(errors: CloudflareError[], result: unknown = null) {
  return { success: errors.length === 0, errors, messages: [], result };
}

export async function startFakeCloudflare(options: { token: string; zone: string }): Promise<FakeCloudflare> {
  const purges: FakeCloudflarePurge[] = [];
  const calls: FakeCloudflareCall[] = [];
  const failures: Array<{ status: number } & FakeCloudflareFailure> = [];
  let hangCount = 0;
  let down = false;
  const sockets = new Set<Socket>();

  const answer = (
    res: ServerResponse,
    call: FakeCloudflareCall,
    status: number,
    body: unknown,
    headers = {},
  ) => {
    call.status = status;
    res.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(body));
  };

  const server = createServer((req, res) => {
    if (down) {
      req.socket.destroy();
      return;
    }
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0]!;
      const call: FakeCloudflareCall = {
        method: req.method ?? "",
        path,
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
        body,
      };
      calls.push(call);
      if (hangCount > 0) {
        hangCount--;
        return;
      }
      const failure = failures.shift();
      if (failure) {
        const errors = failure.errors ?? [
          DEFAULT_ERRORS[failure.status] ?? { code: 10002, message: "Error" },
        ];
        const headers = failure.retryAfter === undefined ? {} : { "Retry-After": String(failure.retryAfter) };
        answer(res, call, failure.status, envelope(errors), headers);
        return;
      }

      // Authentication comes before routing, as at Cloudflare.
      const authorization = req.headers.authorization;
      if (!authorization || !/^Bearer [^\s]+$/.test(authorization)) {
        answer(
          res,
          call,
          400,
          envelope([
            {
              code: 6003,
              message: "Invalid request headers",
              error_chain: [{ code: 6111, message: "Invalid format for Authorization header" }],
            },
          ]),
        );
        return;
      }
      if (authorization !== `Bearer ${options.token}`) {
        answer(res, call, 403, envelope([{ code: 10000, message: "Authentication error" }]));
        return;
      }
      const route = /^\/client\/v4\/zones\/([^/]+)\/purge_cache$/.exec(path);
      if (!route) {
        answer(res, call, 400, envelope([{ code: 7000, message: "No route for that URI" }]));
        return;
      }
      const zone = decodeURIComponent(route[1]!);
      if (zone !== options.zone) {
        answer(
          res,
          call,
          400,
          envelope([
            {
              code: 7003,
              message: `Could not route to ${path}, perhaps your object identifier is invalid?`,
            },
          ]),
        );
        return;
      }
      if (req.method !== "POST") {
        answer(res, call, 405, envelope([{ code: 10405, message: "Method not allowed" }]));
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        answer(res, call, 400, envelope([{ code: 6007, message: "Malformed JSON in request body" }]));
        return;
      }
      const tags = (parsed as { tags?: unknown } | null)?.tags;
      if (!Array.isArray(tags)) {
        answer(
          res,
          call,
          400,
          envelope([{ code: 1014, message: '"files", "tags", or "hosts" must be an array' }]),
        );
        return;
      }
      if (tags.length === 0) {
        answer(res, call, 400, envelope([{ code: 1015, message: '"tags" must not be empty' }]));
        return;
      }
      if (tags.length > FAKE_CLOUDFLARE_MAX_TAGS) {
        answer(
          res,
          call,
          400,
          envelope([
            { code: 1017, message: `You cannot provide more than ${FAKE_CLOUDFLARE_MAX_TAGS} items` },
          ]),
        );
        return;
      }
      const problems: CloudflareError[] = [];
      for (const tag of tags) {
        if (typeof tag !== "string" || !/^[\x20-\x7e]+$/.test(tag))
          problems.push({ code: 1315, message: "Non-printable characters are forbidden in tags" });
        else if (tag.length > FAKE_CLOUDFLARE_MAX_TAG_LENGTH)
          problems.push({
            code: 1100,
            message: `Tag exceeds maximum length of ${FAKE_CLOUDFLARE_MAX_TAG_LENGTH} characters: ${tag.slice(0, 40)}…`,
          });
      }
      if (problems.length > 0) {
        answer(
          res,
          call,
          400,
          envelope([...problems, { code: 1016, message: "One or more cache purge errors" }]),
        );
        return;
      }
      purges.push({ zone, tags: tags as string[], at: new Date() });
      answer(res, call, 200, envelope([], { id: randomBytes(16).toString("hex") }));
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    purges,
    calls,
    failNext(count, status, failure = {}) {
      for (let i = 0; i < count; i++) failures.push({ status, ...failure });
    },
    hangNext(count) {
      hangCount = count;
    },
    setDown(value) {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        // Held calls included: their sockets would keep the server open.
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
