/**
 * Shop blogs (commerce-and-accounts §7 'Blog', §8 'Blog', §9 'blogs 8'; storefront-and-admin §2 routes /blogs/crear and the
 * shop navigation's /blogs). An entry's body is a ProseMirror document as the editor writes it (JSON, never HTML); these
 * are the limits it must keep and the decisions about it that both the server and the browser make: which URLs may become
 * a link or an image, how long the document may be, what a list card shows, and what a published entry needs.
 */

/** The public list loads 8 entries per request, newest updated first (sort -updated_at). */
export const blogPageSize = 8;
export const blogSorts = ["-updated_at"] as const;

export const blogTitleMax = 150;
/** The document as JSON, in characters: about 200 KB, far above a long article and below the server's body limit. */
export const blogBodyMaxChars = 200_000;
/** Characters of text in the document (what a reader reads). */
export const blogTextMax = 50_000;
export const blogImagesMax = 20;
/** Nesting of the document (lists in lists in quotes...): deeper documents are refused before any recursive walk. */
export const blogDepthMax = 12;
/** Every node and text run counted; a bound on the work of validating and rendering one entry. */
export const blogNodesMax = 10_000;
export const blogUrlMax = 2000;
export const blogExcerptLength = 200;
export const blogSlugMax = 80;
/** A slow save or upload: after this long the editor says the request is being attended but may take longer (§8). */
export const blogSlowRequestMs = 4000;

/** Path segments under {base}/blogs that are pages, not entries. */
export const reservedBlogSlugs = ["crear"] as const;

const controlOrSpace = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/;

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** A path on this site ('/tienda/demo/productos', '/media/…'): one leading slash, never '//' or '/\' (another host). */
function isSitePath(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\");
}

function isCleanUrl(value: string): boolean {
  return value.length > 0 && value.length <= blogUrlMax && !controlOrSpace.test(value) && !value.includes("\\");
}

/**
 * A link's href: an http(s) address, a path on this site, or a fragment ('#part'). Anything with another scheme
 * (javascript:, data:, vbscript:, file:...) is refused, whatever its letter case, spaces or control characters.
 */
export function isSafeLinkHref(href: string): boolean {
  if (!isCleanUrl(href)) return false;
  return isHttpUrl(href) || isSitePath(href) || /^#[\w-]*$/.test(href);
}

/**
 * An image's src: an http(s) address or a path on this site, which is where our own uploads live (/media/…, or the
 * object store's public http(s) address). No data: or blob: images: an entry references uploaded files only.
 */
export function isSafeImageSrc(src: string): boolean {
  return isCleanUrl(src) && (isHttpUrl(src) || isSitePath(src));
}

/** What a walk of a stored document measured, without trusting its shape. */
export interface DocMeasure {
  depth: number;
  nodes: number;
  images: number;
  textLength: number;
}

/**
 * Measures a document iteratively (no recursion, so a hostile 100,000-deep document cannot exhaust the stack), stopping
 * early once it is past the limits: the counts are then only 'more than allowed'.
 */
export function measureDoc(doc: unknown): DocMeasure {
  const measure: DocMeasure = { depth: 0, nodes: 0, images: 0, textLength: 0 };
  const stack: { node: unknown; depth: number }[] = [{ node: doc, depth: 1 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    if (!node || typeof node !== "object") continue;
    measure.nodes += 1;
    measure.depth = Math.max(measure.depth, depth);
    if (measure.depth > blogDepthMax || measure.nodes > blogNodesMax) break;
    const { type, text, content } = node as { type?: unknown; text?: unknown; content?: unknown };
    if (type === "image") measure.images += 1;
    if (typeof text === "string") measure.textLength += text.length;
    if (Array.isArray(content)) for (const child of content) stack.push({ node: child, depth: depth + 1 });
  }
  return measure;
}

/** The plain text of a document: blocks separated by a space, in reading order (iterative, depth-limited). */
export function docText(doc: unknown, max = blogTextMax): string {
  const parts: string[] = [];
  let length = 0;
  const stack: { node: unknown; depth: number }[] = [{ node: doc, depth: 1 }];
  while (stack.length > 0 && length < max) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    if (!node || typeof node !== "object" || depth > blogDepthMax) continue;
    const { type, text, content } = node as { type?: unknown; text?: unknown; content?: unknown };
    if (typeof text === "string") {
      parts.push(text);
      length += text.length;
    } else if (type === "hardBreak" || type === "paragraph" || type === "heading") parts.push(" ");
    if (Array.isArray(content))
      for (let index = content.length - 1; index >= 0; index -= 1) stack.push({ node: content[index], depth: depth + 1 });
  }
  return parts.join("").replace(/\s+/g, " ").trim();
}

/** A list card's excerpt: the first 200 characters of the text, cut at a word with an ellipsis. */
export function docExcerpt(doc: unknown, length = blogExcerptLength): string {
  const text = docText(doc, length * 2);
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(" ");
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, "")}…`;
}

/** The first image of a document, for Open Graph when the entry has no cover. */
export function docFirstImage(doc: unknown): string | null {
  const stack: { node: unknown; depth: number }[] = [{ node: doc, depth: 1 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    if (!node || typeof node !== "object" || depth > blogDepthMax) continue;
    const { type, attrs, content } = node as { type?: unknown; attrs?: { src?: unknown }; content?: unknown };
    if (type === "image" && typeof attrs?.src === "string" && isSafeImageSrc(attrs.src)) return attrs.src;
    if (Array.isArray(content))
      for (let index = content.length - 1; index >= 0; index -= 1) stack.push({ node: content[index], depth: depth + 1 });
  }
  return null;
}

/** An entry's address under {base}/blogs/: the title without accents, lower case, words joined by '-'. */
export function blogSlug(title: string): string {
  const slug = title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, blogSlugMax)
    .replace(/-+$/g, "");
  if (!slug || (reservedBlogSlugs as readonly string[]).includes(slug)) return `entrada${slug ? `-${slug}` : ""}`;
  return slug;
}

/** The n-th candidate when a slug is taken: 'mi-entrada', 'mi-entrada-2', 'mi-entrada-3'… */
export function blogSlugCandidate(base: string, attempt: number): string {
  if (attempt <= 1) return base;
  const suffix = `-${attempt}`;
  return `${base.slice(0, blogSlugMax - suffix.length).replace(/-+$/g, "")}${suffix}`;
}

export const blogStates = ["draft", "published"] as const;
export type BlogState = (typeof blogStates)[number];

/**
 * What a published entry needs besides its title: something to read (text or an image). A draft may be empty.
 * Answers the fields that are missing; the API refuses to publish with the code incomplete_request (§8).
 */
export function missingForPublish(entry: { title: string; body: unknown }): ("title" | "body")[] {
  const missing: ("title" | "body")[] = [];
  if (entry.title.trim() === "") missing.push("title");
  const measure = measureDoc(entry.body);
  if (docText(entry.body).length === 0 && measure.images === 0) missing.push("body");
  return missing;
}

/** An address typed without its scheme ('casa.mx/taller') as the https link the writer meant; others unchanged. */
export function completeHref(href: string): string {
  const trimmed = href.trim();
  return /^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)+([/?#][^\s]*)?$/i.test(trimmed) ? `https://${trimmed}` : trimmed;
}

/** The editor's document with every link's href completed (completeHref), ready to save. */
export function completeDocLinks<T>(doc: T, depth = 1): T {
  if (!doc || typeof doc !== "object" || depth > blogDepthMax) return doc;
  const node = doc as { content?: unknown[]; marks?: { type?: string; attrs?: { href?: unknown } }[] };
  const marks = node.marks?.map((mark) =>
    mark?.type === "link" && typeof mark.attrs?.href === "string"
      ? { ...mark, attrs: { ...mark.attrs, href: completeHref(mark.attrs.href) } }
      : mark,
  );
  const content = node.content?.map((child) => completeDocLinks(child, depth + 1));
  return { ...doc, ...(marks ? { marks } : {}), ...(content ? { content } : {}) };
}

/**
 * The shop's 'blogs' section (the menu's 'Blog' for visitors, storefront-and-admin §2) follows its published entries:
 * it turns on when the first entry is published and off when none is left, like the catalogues section. Between those
 * moments the owner's own choice (shown or hidden) stands.
 */
export function sectionsAfterBlog<S extends string>(sections: readonly S[], publishedBefore: number, publishedAfter: number): S[] {
  const has = sections.includes("blogs" as S);
  if (publishedBefore === 0 && publishedAfter > 0 && !has) return [...sections, "blogs" as S];
  if (publishedAfter === 0 && has) return sections.filter((section) => section !== "blogs");
  return [...sections];
}
