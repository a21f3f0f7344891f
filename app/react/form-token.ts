import type { FormKey } from "@domain/forms/form-keys.ts";
import { useCallback, useRef } from "react";

/** Where a form fetches its challenge (server/http/lead-intake.ts formChallenge). */
export const FORM_CHALLENGE_PATH = "/api/forms/challenge";

export interface FormChallenge {
  /** Fetches the challenge once, on the form's first interaction (focus, pointer, popup opened). */
  arm(): void;
  /** The challenge to send with a submission (fetched now if the form was never armed). */
  token(): Promise<string | undefined>;
  /** The submission that carried it was accepted: the form's next one needs a new challenge. */
  spent(): void;
}

/**
 * A form's challenge (decision 122): pages carry no per-visitor token, so every visitor of a URL gets
 * the same bytes; the form fetches a signed, single-use challenge bound to it when it is first
 * touched, and the server measures the fill time from then. `drawn` is a challenge the server drew
 * into a no-JavaScript post's confirmation step: used as it is.
 */
export function useFormChallenge(form: FormKey, drawn?: string | null): FormChallenge {
  const pending = useRef<Promise<string | undefined> | null>(drawn ? Promise.resolve(drawn) : null);
  const token = useCallback(() => {
    pending.current ??= fetchChallenge(form).then((fetched) => {
      // Not fetched (offline): the next submission asks again.
      if (!fetched) pending.current = null;
      return fetched;
    });
    return pending.current;
  }, [form]);
  const arm = useCallback(() => {
    void token();
  }, [token]);
  const spent = useCallback(() => {
    pending.current = null;
  }, []);
  return { arm, token, spent };
}

/**
 * The challenge, or undefined when it could not be fetched (offline): the submission still goes
 * out, and the server holds it for review rather than lose it (decision 077).
 */
async function fetchChallenge(form: FormKey): Promise<string | undefined> {
  try {
    const response = await fetch(`${FORM_CHALLENGE_PATH}?form=${encodeURIComponent(form)}`, {
      headers: { Accept: "application/json" },
      cache: "no-store",
      credentials: "same-origin",
    });
    if (!response.ok) return undefined;
    const data = (await response.json()) as { token?: unknown };
    return typeof data.token === "string" ? data.token : undefined;
  } catch {
    return undefined;
  }
}
