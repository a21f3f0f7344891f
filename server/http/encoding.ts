import Negotiator from "negotiator";

export type Coding = "br" | "gzip" | "identity";

/**
 * The coding of an answer among those at hand, as the client's Accept-Encoding ranks them, read by
 * negotiator (q-values, `*`, a `q=0` refusing a coding even under `*`); on a tie the server's order:
 * Brotli (the smallest), then gzip. Without the header, or when nothing at hand is acceptable, the
 * plain bytes: identity is always answered for a 200 here (a client refusing it gets it anyway).
 */
export function chooseEncoding(
  header: string | string[] | undefined,
  atHand: readonly ("br" | "gzip")[],
): Coding {
  // x-gzip is gzip (RFC 9110 §8.4.1.3); negotiator knows only the one name.
  const accept = (Array.isArray(header) ? header.join(",") : header)?.replace(/\bx-gzip\b/gi, "gzip");
  if (!accept) return "identity";
  const negotiator = new Negotiator({ headers: { "accept-encoding": accept } });
  const order = [...atHand, "identity"];
  // @types/negotiator lacks the options argument negotiator 1 takes.
  const found = (
    negotiator.encoding as (available: string[], options: { preferred: string[] }) => string | undefined
  )(order, { preferred: order });
  return (found as Coding | undefined) ?? "identity";
}
