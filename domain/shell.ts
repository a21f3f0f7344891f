import type { FooterData, MenuData } from "./content/schemas.ts";

/** A document the layout needs, in one of the section states of A §2 (loading happens on the server). */
export type Loaded<T> =
  | { status: "loaded"; data: T }
  | { status: "missing"; searched: string[] }
  | { status: "error" };

export interface ShellData {
  menu: Loaded<MenuData>;
  footer: Loaded<FooterData>;
}
