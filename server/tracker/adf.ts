/** The subset of the Atlassian Document Format the lead descriptions use. */
export interface AdfText {
  type: "text";
  text: string;
  marks?: { type: "strong" }[];
}
export interface AdfNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: (AdfNode | AdfText)[];
}
export interface AdfDocument {
  type: "doc";
  version: 1;
  content: AdfNode[];
}

// Jira refuses empty text nodes, so every builder drops empty strings.
function text(value: string, strong = false): AdfText[] {
  if (value === "") return [];
  return [
    strong ? { type: "text", text: value, marks: [{ type: "strong" }] } : { type: "text", text: value },
  ];
}

export function heading(level: 1 | 2 | 3 | 4 | 5 | 6, value: string): AdfNode {
  return { type: "heading", attrs: { level }, content: text(value) };
}

export function paragraph(...parts: (string | { strong: string })[]): AdfNode {
  return {
    type: "paragraph",
    content: parts.flatMap((part) => (typeof part === "string" ? text(part) : text(part.strong, true))),
  };
}

/** A bullet list of "Label: value" lines; null when there is nothing to list (an empty list is invalid ADF). */
export function definitionList(rows: [string, string][]): AdfNode | null {
  const items = rows
    .filter(([, value]) => value !== "")
    .map(([label, value]) => ({
      type: "listItem",
      content: [paragraph({ strong: `${label}: ` }, value)],
    }));
  return items.length ? { type: "bulletList", content: items } : null;
}

export function doc(nodes: (AdfNode | null)[]): AdfDocument {
  return { type: "doc", version: 1, content: nodes.filter((n): n is AdfNode => n !== null) };
}
