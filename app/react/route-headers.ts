import type { HeadersArgs } from "react-router";

/**
 * React Router sends the headers a loader or an action sets (Set-Cookie aside) only through the
 * route's `headers` export. Routes whose loaders say `no-store` or a Referrer-Policy export this, so
 * those headers reach the browser, over whatever the parent routes sent.
 */
export function passOnHeaders({
  parentHeaders,
  loaderHeaders,
  actionHeaders,
  errorHeaders,
}: HeadersArgs): Headers {
  const merged = new Headers(parentHeaders);
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    source?.forEach((value, name) => {
      if (name !== "set-cookie") merged.set(name, value);
    });
  }
  return merged;
}
