import { create, type Delta } from "jsondiffpatch";
import type { FieldStructure, FormStructure, UiComponent } from "./form-structure.ts";
import { itemName } from "./item-name.ts";
import type { JsonPath } from "./json-path.ts";

export { itemName };

/** The fields that say which item is which, in the order tried. */
const IDENTITY_KEYS = ["id", "slug", "path", "name"];

const itemWord = (n: number) => `Item ${n}`;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * What changed between two versions of a content document, field by field, named with the
 * editor's own labels (decision 100: "Planos › Profissional › Preço mensal"), for the admin's
 * history. jsondiffpatch finds the changes, matching list items by who they are (an id, a slug, a
 * path, a name) so that a reorder or an insertion is not "everything changed"; its delta is then
 * walked into one row per changed value. Pure: the admin's history calls it in the browser.
 */

export interface FieldChange {
  /**
   * added: only the newer version has it; removed: only the older one; changed: both, different;
   * moved: a list item at another position (before/after are positions counted from 1).
   */
  kind: "added" | "removed" | "changed" | "moved";
  /**
   * Where the value is in the newer version. A removed list item: the position where it would
   * go back (after the item that preceded it, when that one is still there).
   */
  path: JsonPath;
  /** Where the value is in the older version; null for a list item only the newer one has. */
  oldPath: JsonPath | null;
  /** The form's words for each step of the path ("Planos", "Profissional", "Preço mensal"). */
  labels: string[];
  /** The control that edits the value, when the form has one (a price shows as R$). */
  ui?: UiComponent;
  /** The option names of a select, to show "Padrão" rather than "default". */
  optionLabels?: Record<string, string>;
  /** The row is a whole item of a list (added, removed, moved or replaced as one). */
  listItem?: boolean;
  /** The older version's value (absent when kind is "added"). */
  before?: unknown;
  /** The newer version's value (absent when kind is "removed"). */
  after?: unknown;
}

/**
 * Who a list item is, for matching it across versions: its id, slug, path or name; otherwise its
 * position (jsondiffpatch then compares the items at the same position field by field).
 */
export function itemIdentity(item: object, index?: number): string {
  if (isRecord(item))
    for (const key of IDENTITY_KEYS) {
      const value = item[key];
      if (typeof value === "string" || typeof value === "number") return `${key}:${value}`;
    }
  return `$$index:${index}`;
}

const differ = create({
  objectHash: itemIdentity,
  arrays: { detectMove: true, includeValueOnMove: false },
  cloneDiffValues: false,
});

/** Whether two versions hold the same content. */
export function sameContent(a: unknown, b: unknown): boolean {
  return differ.diff(a, b) === undefined;
}

/** Where a walk is in both versions, with the words and the form's structure at that point. */
interface At {
  older: unknown;
  newer: unknown;
  path: JsonPath;
  oldPath: JsonPath | null;
  labels: string[];
  structure: FieldStructure | undefined;
}

/** The variant of a union (a page's template) that a value is, as the editor picks it. */
function variantOf(structure: FieldStructure, value: unknown): FieldStructure | undefined {
  const variants = structure.fields ?? {};
  const tag = isRecord(value) ? value[structure.discriminator ?? "template"] : undefined;
  if (typeof tag === "string") {
    if (variants[tag]) return variants[tag];
    const key = structure.discriminator ?? "template";
    const found = Object.values(variants).find((v) => v.fields?.[key]?.options?.includes(tag));
    if (found) return found;
  }
  return Object.values(variants)[0];
}

/** The structure of the field `key` inside a value edited by `structure`. */
function childOf(
  structure: FieldStructure | undefined,
  key: string,
  value: unknown,
): FieldStructure | undefined {
  if (!structure) return undefined;
  if (structure._ui === "tabbed_form") return childOf(variantOf(structure, value), key, value);
  if (structure._ui === "form_section") return structure.fields?.[key];
  return undefined;
}

/** The structure of an item (a list's or a map's value). */
function itemOf(structure: FieldStructure | undefined): FieldStructure | undefined {
  return structure?._ui === "card_grid" || structure?._ui === "key_value" ? structure.template : undefined;
}

function isArrayDelta(delta: Delta): delta is Extract<Delta, { _t: "a" }> {
  return isRecord(delta) && (delta as Record<string, unknown>)._t === "a";
}

/** The row of a value that is a leaf of the delta (added, removed, replaced), or null when it nests. */
function leaf(delta: Delta, at: At): FieldChange | null {
  if (!Array.isArray(delta)) return null;
  const base = {
    path: at.path,
    oldPath: at.oldPath,
    labels: at.labels,
    ...(at.structure ? { ui: at.structure._ui } : {}),
    ...(at.structure?.optionLabels ? { optionLabels: at.structure.optionLabels } : {}),
  };
  if (delta.length === 1) return { ...base, kind: "added", after: delta[0] };
  if (delta.length === 2) return { ...base, kind: "changed", before: delta[0], after: delta[1] };
  // [old, 0, 0]: removed. (Text diffs, [patch, 0, 2], are not asked for; moves only occur in lists.)
  return { ...base, kind: "removed", before: delta[0] };
}

function walk(delta: Delta, at: At, rows: FieldChange[]): void {
  const row = leaf(delta, at);
  if (row) {
    rows.push(row);
    return;
  }
  if (isArrayDelta(delta)) {
    walkList(delta as unknown as Record<string, Delta>, at, rows);
    return;
  }
  if (!isRecord(delta)) return;
  const older = isRecord(at.older) ? at.older : {};
  const newer = isRecord(at.newer) ? at.newer : {};
  // The form's order first (what the editor shows top to bottom), then any other key.
  const variant =
    at.structure?._ui === "tabbed_form" ? variantOf(at.structure, at.newer ?? at.older) : at.structure;
  const order = Object.keys(variant?.fields ?? {});
  const keys = Object.keys(delta).sort((a, b) => {
    const ia = order.indexOf(a);
    const ib = order.indexOf(b);
    return (ia < 0 ? order.length : ia) - (ib < 0 ? order.length : ib);
  });
  const isMap = at.structure?._ui === "key_value";
  for (const key of keys) {
    const structure = isMap ? itemOf(at.structure) : childOf(at.structure, key, at.newer ?? at.older);
    walk(
      delta[key],
      {
        older: older[key],
        newer: newer[key],
        path: [...at.path, key],
        oldPath: at.oldPath && [...at.oldPath, key],
        // A map's rows are named by their key; a field by its label in the form.
        labels: [...at.labels, isMap ? key : (structure?.label ?? key)],
        structure,
      },
      rows,
    );
  }
}

/**
 * A list: items removed (by their old position), added (by their new one), moved, and changed in
 * place. Items matched by the differ keep their order, so the k-th item that stayed in the older
 * list is the k-th that stayed in the newer one: that gives each changed item its old position.
 */
function walkList(delta: Record<string, Delta>, at: At, rows: FieldChange[]): void {
  const older = Array.isArray(at.older) ? at.older : [];
  const newer = Array.isArray(at.newer) ? at.newer : [];
  const removed = new Map<number, unknown>();
  const added = new Map<number, unknown>();
  const moves = new Map<number, number>(); // old position → new position
  const nested = new Map<number, Delta>(); // new position → the item's own delta
  for (const [key, child] of Object.entries(delta)) {
    if (key === "_t") continue;
    if (key.startsWith("_")) {
      const from = Number(key.slice(1));
      const entry = child as unknown[];
      if (entry[2] === 3) moves.set(from, entry[1] as number);
      else removed.set(from, entry[0]);
    } else if (Array.isArray(child) && child.length === 1) added.set(Number(key), child[0]);
    else nested.set(Number(key), child);
  }
  const movedTo = new Set(moves.values());
  const stayedOld = older.map((_, i) => i).filter((i) => !removed.has(i) && !moves.has(i));
  const stayedNew = newer.map((_, i) => i).filter((i) => !added.has(i) && !movedTo.has(i));
  const oldOf = new Map<number, number>(); // new position → old position
  stayedNew.forEach((n, k) => {
    if (stayedOld[k] !== undefined) oldOf.set(n, stayedOld[k]!);
  });
  for (const [from, to] of moves) oldOf.set(to, from);
  const newOf = new Map([...oldOf].map(([n, o]) => [o, n]));
  /** Where an item removed from the older list would go back in the newer one. */
  const placeOf = (from: number) => {
    for (let i = from - 1; i >= 0; i--) {
      const to = newOf.get(i);
      if (to !== undefined) return to + 1;
    }
    return 0;
  };
  /** Items that stayed before a position: removed and added items with as many sit in the same gap. */
  const gapOld = (from: number) => stayedOld.filter((i) => i < from).length;
  const gapNew = (to: number) => stayedNew.filter((i) => i < to).length;

  const item = itemOf(at.structure);
  const named = at.structure?._ui === "card_grid";
  const labelOf = (value: unknown, position: number) =>
    (named ? itemName(value) : undefined) ?? itemWord(position + 1);
  const entries: { order: number; rank: number; row?: FieldChange; inner?: () => void }[] = [];
  const base = (path: JsonPath, oldPath: JsonPath | null, value: unknown, position: number) => ({
    path,
    oldPath,
    labels: [...at.labels, labelOf(value, position)],
    listItem: true,
    ...(item && !isRecord(value) ? { ui: item._ui } : {}),
  });

  // A plain value (a text in a list of texts) replaced by another in the same place: one change.
  const replaced = new Map<number, number>(); // old position → new position
  const addedLeft = [...added.keys()].sort((a, b) => a - b);
  for (const from of [...removed.keys()].sort((a, b) => a - b)) {
    const was = removed.get(from);
    if (isRecord(was) || Array.isArray(was)) continue;
    const k = addedLeft.findIndex((to) => {
      const now = added.get(to);
      return !isRecord(now) && !Array.isArray(now) && gapNew(to) === gapOld(from);
    });
    if (k < 0) continue;
    replaced.set(from, addedLeft[k]!);
    addedLeft.splice(k, 1);
  }
  const replacedNew = new Set(replaced.values());

  for (const [from, value] of removed) {
    const to = replaced.get(from);
    if (to !== undefined) {
      entries.push({
        order: to,
        rank: 1,
        row: {
          ...base([...at.path, to], at.oldPath && [...at.oldPath, from], added.get(to), to),
          kind: "changed",
          before: value,
          after: added.get(to),
        },
      });
      continue;
    }
    const place = placeOf(from);
    entries.push({
      order: place,
      rank: 0,
      row: {
        ...base([...at.path, place], at.oldPath && [...at.oldPath, from], value, from),
        kind: "removed",
        before: value,
      },
    });
  }
  for (const [to, value] of added) {
    if (replacedNew.has(to)) continue;
    entries.push({
      order: to,
      rank: 1,
      row: { ...base([...at.path, to], null, value, to), kind: "added", after: value },
    });
  }
  for (const [from, to] of moves) {
    entries.push({
      order: to,
      rank: 1,
      row: {
        ...base([...at.path, to], at.oldPath && [...at.oldPath, from], newer[to], to),
        kind: "moved",
        before: from + 1,
        after: to + 1,
      },
    });
  }
  for (const [to, child] of nested) {
    const from = oldOf.get(to);
    entries.push({
      order: to,
      rank: 2,
      inner: () =>
        walk(
          child,
          {
            older: from === undefined ? undefined : older[from],
            newer: newer[to],
            path: [...at.path, to],
            oldPath: at.oldPath && from !== undefined ? [...at.oldPath, from] : null,
            labels: [...at.labels, labelOf(newer[to], to)],
            structure: item,
          },
          rows,
        ),
    });
  }
  entries.sort((a, b) => a.order - b.order || a.rank - b.rank);
  for (const entry of entries) {
    if (entry.row) rows.push(entry.row);
    entry.inner?.();
  }
}

/**
 * The fields that differ from `older` to `newer`, in the form's order, each with its path in both
 * versions, its labels and its values. Equal versions give an empty list. Without a structure
 * (a document the form does not describe) the keys stand for the labels.
 */
export function fieldChanges(older: unknown, newer: unknown, structure: FormStructure | null): FieldChange[] {
  const delta = differ.diff(older, newer);
  if (delta === undefined) return [];
  const rows: FieldChange[] = [];
  walk(
    delta,
    {
      older,
      newer,
      path: [],
      oldPath: [],
      labels: [],
      structure: structure
        ? { _ui: "form_section", label: structure.header.label, required: true, fields: structure.fields }
        : undefined,
    },
    rows,
  );
  return rows;
}

/** The labels of a row as one line: "Planos › Profissional › Preço mensal". */
export function labelOf(change: Pick<FieldChange, "labels">): string {
  return change.labels.join(" › ");
}

/** What the API needs to bring one row's older value back into the newer version (the current one). */
export interface FieldRestore {
  /** Where in the current version. */
  path: JsonPath;
  /** Where in the older version, when not the same place. */
  from?: JsonPath;
  /** insert: an item the current list no longer has; remove: a value the older version did not have. */
  mode?: "insert" | "remove";
}

/** How to restore a row's older value, or null for a row that cannot be restored alone (a move). */
export function restoreOf(change: FieldChange): FieldRestore | null {
  const same = (a: JsonPath, b: JsonPath) => a.length === b.length && a.every((step, i) => step === b[i]);
  const from = change.oldPath && !same(change.oldPath, change.path) ? { from: change.oldPath } : {};
  switch (change.kind) {
    case "moved":
      return null;
    case "added":
      return { path: change.path, mode: "remove" };
    case "removed":
      return { path: change.path, ...from, ...(change.listItem ? { mode: "insert" as const } : {}) };
    default:
      return { path: change.path, ...from };
  }
}
