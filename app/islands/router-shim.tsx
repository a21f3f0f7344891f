import { localizeHref, splitLanguagePrefix } from "@domain/locale.ts";
import type { AnchorHTMLAttributes, FormHTMLAttributes, ReactNode } from "react";

/**
 * What the public components use of React Router, for island pages (decision 108): there is no
 * router in the browser there, so a link is a link (the next page comes from the page cache), a
 * form posts as HTML does, and the location is the window's. The build aliases `react-router` to
 * this module for the islands only (vite.islands.config.ts); anything else imported from
 * `react-router` fails that build, which is the point.
 */

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  to: string;
  prefetch?: string;
  replace?: boolean;
  children?: ReactNode;
}

/** A link, its address under the page's language prefix as React Router's basename puts it. */
export function Link({ to, prefetch: _prefetch, replace: _replace, ...props }: LinkProps) {
  return <a href={useHref(to)} {...props} />;
}

/**
 * A form that posts as HTML does, with the attributes React Router's server render gives it (the
 * action defaults to this page's address, `data-discover`), so hydrating it changes nothing.
 */
export function Form({
  navigate: _navigate,
  reloadDocument: _reload,
  action,
  ...props
}: FormHTMLAttributes<HTMLFormElement> & { navigate?: boolean; reloadDocument?: boolean }) {
  return <form data-discover="true" action={action ?? formAction(window.location)} {...props} />;
}

/** React Router's default action: the page's path and its query, without the `index` marker. */
export function formAction(location: { pathname: string; search: string }): string {
  const query = new URLSearchParams(location.search);
  query.delete("index");
  const search = query.toString();
  return search ? `${location.pathname}?${search}` : location.pathname;
}

export function useLocation() {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: null, key: "default" };
}

/** The address of a site path from this page: under the page's language prefix, as React Router's basename puts it. */
export function useHref(to: string): string {
  return localizeHref(to, splitLanguagePrefix(window.location.pathname).language);
}

export function useNavigate() {
  return (to: string) => window.location.assign(to);
}

export function useRevalidator() {
  return { state: "idle" as const, revalidate: async () => window.location.reload() };
}
