import type { Submission, SubmissionAnswer } from "@domain/forms/submission.ts";

const KEY = "vertice-lead-outbox";
const MAX_ENTRIES = 20;
const MAX_AGE_MS = 7 * 24 * 3600_000;

interface Entry {
  body: Submission;
  savedAt: number;
}

function read(): Entry[] {
  try {
    const entries = JSON.parse(localStorage.getItem(KEY) ?? "[]") as Entry[];
    return Array.isArray(entries) ? entries.filter((e) => Date.now() - e.savedAt < MAX_AGE_MS) : [];
  } catch {
    return [];
  }
}

function write(entries: Entry[]): void {
  try {
    if (entries.length) localStorage.setItem(KEY, JSON.stringify(entries.slice(-MAX_ENTRIES)));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage full or disabled: nothing more can be kept.
  }
}

export type PostResult =
  | { kind: "ok"; answer: SubmissionAnswer }
  | { kind: "invalid"; message: string; errors: Record<string, string> }
  | { kind: "refused"; message: string }
  | { kind: "saved-locally" };

/**
 * Posts a submission to /api/leads. When the network or the server fails, the submission is kept
 * in this browser and sent again on the next page view with the same request key, so the server
 * stores it once: "registrada localmente" (B §4.1, §8.1) is then literally true.
 */
export async function postLead(submission: Submission): Promise<PostResult> {
  const body = submission;
  try {
    const response = await fetch("/api/leads", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    const data = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.ok) {
      return { kind: "ok", answer: data as unknown as SubmissionAnswer };
    }
    if (response.status === 422) {
      return {
        kind: "invalid",
        message: String(data.message ?? ""),
        errors: (data.errors ?? {}) as Record<string, string>,
      };
    }
    if (
      response.status >= 400 &&
      response.status < 500 &&
      response.status !== 429 &&
      response.status !== 408
    ) {
      return { kind: "refused", message: String(data.message ?? "") };
    }
  } catch {
    // Offline or the connection dropped: keep it below.
  }
  write([...read().filter((e) => e.body.requestKey !== body.requestKey), { body, savedAt: Date.now() }]);
  return { kind: "saved-locally" };
}

/**
 * Drops a kept submission that a later one made redundant: a form's first-step capture, once the
 * complete form (which carries every answer) is stored or kept. Sending both would make two leads.
 */
export function forgetPending(requestKey: string): void {
  const entries = read();
  const remaining = entries.filter((e) => e.body.requestKey !== requestKey);
  if (remaining.length !== entries.length) write(remaining);
}

/** Sends what earlier page views could not; entries the server answered (stored or refused) are dropped. */
export async function flushOutbox(): Promise<void> {
  const pending = read();
  if (!pending.length) return;
  const remaining: Entry[] = [];
  for (const entry of pending) {
    try {
      const response = await fetch("/api/leads", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(entry.body),
      });
      if (response.status >= 500 || response.status === 429) remaining.push(entry);
    } catch {
      remaining.push(entry);
    }
  }
  write(remaining);
}

/** A new request key per submission attempt. */
export function newRequestKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Where app/browser/attribution/remember.ts keeps the visit's campaign tags (its last touch). */
const UTM_KEY = "vertice-utm";

/** The campaign tags (UTM and click ids) of the visit's landing page, kept for the session. */
export function storedUtm(): Record<string, string> | undefined {
  try {
    const raw = sessionStorage.getItem(UTM_KEY);
    return raw ? (JSON.parse(raw) as Record<string, string>) : undefined;
  } catch {
    return undefined;
  }
}
