import { blogDepthMax, blogNodesMax, isSafeImageSrc, isSafeLinkHref } from "./blog";

/**
 * An entry's document as a tree of a few HTML elements with a closed set of attributes, which the web app turns into
 * React elements (features/blog/BlogBody.tsx) on the server and in the browser: never an HTML string, so no sanitizer.
 * The walk trusts nothing about its input, although the API validated it when it was saved: unknown nodes and marks are
 * left out, a link with an unsafe href keeps its text but loses the link, an image with an unsafe src is dropped, and
 * the walk stops past the depth and node limits.
 */
export type RenderTag =
  "p" | "h2" | "h3" | "h4" | "ul" | "ol" | "li" | "blockquote" | "pre" | "code" | "hr" | "br" | "img" | "strong" | "em" | "s" | "u" | "a";

export interface RenderAttrs {
  href?: string;
  rel?: string;
  target?: "_blank";
  src?: string;
  alt?: string;
  start?: number;
}

export interface RenderElement {
  tag: RenderTag;
  attrs?: RenderAttrs;
  children: RenderNode[];
}

export type RenderNode = string | RenderElement;

interface Walk {
  nodes: number;
}

type RawNode = { type?: unknown; attrs?: Record<string, unknown>; content?: unknown; text?: unknown; marks?: unknown };

const simpleMarks: Record<string, RenderTag> = { bold: "strong", italic: "em", strike: "s", underline: "u", code: "code" };

function childrenOf(node: RawNode, depth: number, walk: Walk): RenderNode[] {
  if (!Array.isArray(node.content)) return [];
  const out: RenderNode[] = [];
  for (const child of node.content) {
    const rendered = renderNode(child, depth + 1, walk);
    if (rendered !== null) out.push(rendered);
  }
  return out;
}

function linkAttrs(href: string): RenderAttrs {
  return /^https?:/i.test(href) ? { href, rel: "noopener noreferrer nofollow", target: "_blank" } : { href };
}

function renderText(node: RawNode): RenderNode | null {
  if (typeof node.text !== "string" || node.text === "") return null;
  let rendered: RenderNode = node.text;
  const marks = Array.isArray(node.marks) ? node.marks.slice(0, 8) : [];
  // The first mark is the innermost wrapper; a link goes outermost so the whole styled run is one link.
  let link: RenderAttrs | null = null;
  for (const mark of marks as { type?: unknown; attrs?: { href?: unknown } }[]) {
    if (!mark || typeof mark !== "object" || typeof mark.type !== "string") continue;
    if (mark.type === "link") {
      const href = mark.attrs?.href;
      if (typeof href === "string" && isSafeLinkHref(href)) link = linkAttrs(href);
      continue;
    }
    const tag = Object.hasOwn(simpleMarks, mark.type) ? simpleMarks[mark.type] : undefined;
    if (tag) rendered = { tag, children: [rendered] };
  }
  return link ? { tag: "a", attrs: link, children: [rendered] } : rendered;
}

function headingTag(level: unknown): RenderTag {
  // The entry's title is the page's one h1; the document's headings start at h2.
  const value = typeof level === "number" && Number.isInteger(level) ? level : 2;
  return value <= 2 ? "h2" : value === 3 ? "h3" : "h4";
}

function renderNode(raw: unknown, depth: number, walk: Walk): RenderNode | null {
  if (!raw || typeof raw !== "object" || depth > blogDepthMax) return null;
  walk.nodes += 1;
  if (walk.nodes > blogNodesMax) return null;
  const node = raw as RawNode;
  const attrs = node.attrs && typeof node.attrs === "object" ? node.attrs : {};
  const element = (tag: RenderTag, extra?: RenderAttrs): RenderElement => ({
    tag,
    ...(extra ? { attrs: extra } : {}),
    children: childrenOf(node, depth, walk),
  });
  switch (node.type) {
    case "text":
      return renderText(node);
    case "paragraph":
      return element("p");
    case "heading":
      return element(headingTag(attrs.level));
    case "bulletList":
      return element("ul");
    case "orderedList": {
      const start = attrs.start;
      return element("ol", typeof start === "number" && Number.isInteger(start) && start > 1 && start < 1e6 ? { start } : undefined);
    }
    case "listItem":
      return element("li");
    case "blockquote":
      return element("blockquote");
    case "codeBlock": {
      const text = Array.isArray(node.content)
        ? (node.content as RawNode[]).map((child) => (child && typeof child.text === "string" ? child.text : "")).join("")
        : "";
      return { tag: "pre", children: [{ tag: "code", children: text ? [text] : [] }] };
    }
    case "horizontalRule":
      return { tag: "hr", children: [] };
    case "hardBreak":
      return { tag: "br", children: [] };
    case "image": {
      const src = attrs.src;
      if (typeof src !== "string" || !isSafeImageSrc(src)) return null;
      const alt = typeof attrs.alt === "string" ? attrs.alt.slice(0, 300) : "";
      return { tag: "img", attrs: { src, alt }, children: [] };
    }
    default:
      return null;
  }
}

/** The document's blocks, ready to become elements; an unusable document renders as nothing. */
export function renderPlan(doc: unknown): RenderNode[] {
  if (!doc || typeof doc !== "object" || (doc as RawNode).type !== "doc") return [];
  return childrenOf(doc as RawNode, 1, { nodes: 0 });
}
