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

/** Block nodes whose text ends a line when read back as plain text. */
const BLOCKS = new Set(["paragraph", "heading", "listItem", "blockquote", "codeBlock", "rule", "panel"]);

/**
 * A comment body as plain text, to show in the portal: an ADF document (paragraphs, lists, hard
 * breaks, mentions, emoji, links' text), or the wiki text some Jira webhooks carry instead.
 * Never HTML: the portal prints it as text.
 */
export function adfToText(body: unknown): string {
  if (typeof body === "string") return body.trim();
  const out: string[] = [];
  const walk = (node: unknown, depth: number) => {
    if (depth > 50 || typeof node !== "object" || node === null) return;
    const {
      type,
      text: value,
      attrs,
      content,
    } = node as {
      type?: string;
      text?: string;
      attrs?: Record<string, unknown>;
      content?: unknown[];
    };
    if (type === "text" && typeof value === "string") out.push(value);
    else if (type === "hardBreak") out.push("\n");
    else if (type === "mention" || type === "emoji") out.push(String(attrs?.text ?? attrs?.shortName ?? ""));
    else if (type === "inlineCard" && typeof attrs?.url === "string") out.push(attrs.url);
    if (type === "listItem") out.push("• ");
    if (Array.isArray(content)) for (const child of content) walk(child, depth + 1);
    if (type && BLOCKS.has(type) && type !== "listItem") out.push("\n\n");
    else if (type === "listItem") out.push("\n");
  };
  walk(body, 0);
  return out
    .join("")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Plain text as ADF paragraphs (blank lines part them, single newlines become hard breaks). */
export function textParagraphs(value: string): AdfNode[] {
  return value
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter((block) => block !== "")
    .map((block) => ({
      type: "paragraph",
      content: block
        .split("\n")
        .flatMap((line, index) => [...(index > 0 ? [{ type: "hardBreak" } as AdfNode] : []), ...text(line)]),
    }));
}
