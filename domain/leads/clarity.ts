/** What a lead keeps when the visitor's browser had no analytics session (B §3.5). */
export const NO_CLARITY = "não-disponível";

/** The analytics session id of the _clck cookie: the part before the pipe (B §3.5). */
export function clarityIdFrom(cookie: string | null | undefined): string {
  const id = cookie?.split("|")[0]?.trim();
  return id ? id : NO_CLARITY;
}
