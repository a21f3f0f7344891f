import type { AppLoadContext } from "react-router";
import type { ApiCaller } from "../auth/api-keys.ts";
import { NFSE_BODY_BYTES, nfseMessages } from "../billing/nfse.ts";
import { fieldRefusal } from "../billing/refusal.ts";
import { DomainError } from "../domain-errors.ts";
import { readBodyBytes } from "./api.ts";
import { requireApiKey } from "./auth-guard.ts";
import { HttpError } from "./errors.ts";

export const billingApiMessages = {
  multipartOnly:
    "Envie a NFS-e como multipart/form-data, com os campos number e verificationCode e os arquivos pdf e/ou xml.",
  multipartInvalid: "O corpo multipart/form-data não pôde ser lido.",
  fileExpected: (field: string) => `Envie ${field} como arquivo (parte com filename).`,
} as const;

/**
 * The billing system calling the API: a key of scope `billing`. A request without a valid key is
 * a 401 that says how to authenticate (WWW-Authenticate: Bearer); a key of another scope is 403.
 */
export async function requireBillingKey(request: Request, context: AppLoadContext): Promise<ApiCaller> {
  try {
    return await requireApiKey(request, context, "billing");
  } catch (error) {
    if (DomainError.is(error, "unauthenticated"))
      throw new HttpError(401, error.message, { "WWW-Authenticate": 'Bearer realm="billing"' });
    throw error;
  }
}

/** Who wrote an invoice through the API, as its `source` says. */
export function apiSource(caller: ApiCaller): string {
  return `api:${caller.name}`;
}

/** The NFS-e form of a PUT: its two fields and its files as bytes (each absent when not sent). */
export interface NfseForm {
  number: string;
  verificationCode: string;
  pdf: Uint8Array | null;
  xml: Uint8Array | null;
}

/**
 * Reads the PUT's multipart/form-data body within its limit (413 past it, whatever
 * Content-Length said) and takes out the fields; the files are checked by content afterwards.
 */
export async function readNfseForm(request: Request): Promise<NfseForm> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) throw new HttpError(415, billingApiMessages.multipartOnly);
  const bytes = await readBodyBytes(request, NFSE_BODY_BYTES).catch((error: unknown) => {
    throw HttpError.is(error) && error.status === 413 ? new HttpError(413, nfseMessages.bodyTooLarge) : error;
  });
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { "Content-Type": type } }).formData();
  } catch {
    throw new HttpError(400, billingApiMessages.multipartInvalid);
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const file = async (name: "pdf" | "xml") => {
    const value = form.get(name);
    if (value === null) return null;
    if (typeof value === "string") throw fieldRefusal({ [name]: billingApiMessages.fileExpected(name) });
    return new Uint8Array(await value.arrayBuffer());
  };
  const [pdf, xml] = [await file("pdf"), await file("xml")];
  if (!pdf && !xml) throw fieldRefusal({ pdf: nfseMessages.fileRequired });
  return { number: text("number"), verificationCode: text("verificationCode"), pdf, xml };
}
