import { z } from "zod";
import {
  blogBodyMaxChars,
  blogDepthMax,
  blogImagesMax,
  blogNodesMax,
  blogPageSize,
  blogSorts,
  blogStates,
  blogTextMax,
  blogTitleMax,
  isSafeImageSrc,
  isSafeLinkHref,
  measureDoc,
} from "../rules/blog";

/**
 * A blog entry's body: the ProseMirror document the editor (Tiptap StarterKit with links and images) writes, limited to
 * the node and mark types the renderer knows. Unknown attributes are dropped; an unknown node or mark, an unsafe link
 * or image URL, or a document past the limits is refused with a field code (rules/blog.ts).
 */

const safeHref = z.string().refine(isSafeLinkHref, { message: "blog_unsafe_url" });
const safeSrc = z.string().refine(isSafeImageSrc, { message: "blog_unsafe_url" });
const unknownNode = { message: "blog_unknown_node" };

const markSchema = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("bold") }),
    z.object({ type: z.literal("italic") }),
    z.object({ type: z.literal("strike") }),
    z.object({ type: z.literal("underline") }),
    z.object({ type: z.literal("code") }),
    z.object({
      type: z.literal("link"),
      attrs: z.object({
        href: safeHref,
        target: z.string().max(20).nullable().optional(),
        rel: z.string().max(100).nullable().optional(),
      }),
    }),
  ],
  unknownNode,
);

const textNode = z.object({
  type: z.literal("text"),
  text: z.string().min(1).max(blogTextMax),
  marks: z.array(markSchema).max(8).optional(),
});
const hardBreak = z.object({ type: z.literal("hardBreak") });
const inlineNode = z.discriminatedUnion("type", [textNode, hardBreak], unknownNode);

export type BlogMark = z.infer<typeof markSchema>;
export type BlogInline = z.infer<typeof inlineNode>;

export type BlogBlock =
  | { type: "paragraph"; content?: BlogInline[] }
  | { type: "heading"; attrs: { level: number }; content?: BlogInline[] }
  | { type: "blockquote"; content: BlogBlock[] }
  | { type: "bulletList"; content: BlogListItem[] }
  | { type: "orderedList"; attrs?: { start?: number }; content: BlogListItem[] }
  | { type: "codeBlock"; attrs?: { language?: string | null }; content?: { type: "text"; text: string }[] }
  | { type: "horizontalRule" }
  | { type: "image"; attrs: { src: string; alt?: string | null; title?: string | null } };
export interface BlogListItem {
  type: "listItem";
  content: BlogBlock[];
}

const blockNode: z.ZodType<BlogBlock> = z.lazy(() => blockUnion);
const listItem: z.ZodType<BlogListItem> = z.object({ type: z.literal("listItem"), content: z.array(blockNode).min(1) });

const blockUnion = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("paragraph"), content: z.array(inlineNode).optional() }),
    z.object({
      type: z.literal("heading"),
      attrs: z.object({ level: z.number().int().min(1).max(6) }),
      content: z.array(inlineNode).optional(),
    }),
    z.object({ type: z.literal("blockquote"), content: z.array(blockNode).min(1) }),
    z.object({ type: z.literal("bulletList"), content: z.array(listItem).min(1) }),
    z.object({
      type: z.literal("orderedList"),
      attrs: z.object({ start: z.number().int().min(0).max(1_000_000).optional() }).optional(),
      content: z.array(listItem).min(1),
    }),
    z.object({
      type: z.literal("codeBlock"),
      attrs: z.object({ language: z.string().max(40).nullable().optional() }).optional(),
      content: z.array(z.object({ type: z.literal("text"), text: z.string().min(1).max(blogTextMax) })).optional(),
    }),
    z.object({ type: z.literal("horizontalRule") }),
    z.object({
      type: z.literal("image"),
      attrs: z.object({ src: safeSrc, alt: z.string().max(300).nullable().optional(), title: z.string().max(300).nullable().optional() }),
    }),
  ],
  unknownNode,
);

/** The document as stored and returned. */
export const blogDoc = z.object({ type: z.literal("doc"), content: z.array(blockNode) });
export type BlogDoc = z.infer<typeof blogDoc>;

export const emptyBlogDoc: BlogDoc = { type: "doc", content: [{ type: "paragraph" }] };

/**
 * The document as a request sends it: measured first without recursion (size, depth, nodes, images, text), so an
 * oversized or absurdly deep document is refused with its own code before the structural check walks it.
 */
export const blogDocInput = z
  .unknown()
  .superRefine((value, ctx) => {
    let size: number;
    try {
      size = JSON.stringify(value ?? null).length;
    } catch {
      size = Number.POSITIVE_INFINITY;
    }
    const measure = size > blogBodyMaxChars ? null : measureDoc(value);
    const code = !measure
      ? "blog_body_too_large"
      : measure.depth > blogDepthMax || measure.nodes > blogNodesMax
        ? "blog_body_too_deep"
        : measure.images > blogImagesMax
          ? "blog_too_many_images"
          : measure.textLength > blogTextMax
            ? "blog_body_too_large"
            : null;
    if (code) ctx.addIssue({ code: "custom", message: code });
  })
  .pipe(blogDoc);

const coverUrl = z.string().trim().max(2000).refine(isSafeImageSrc, { message: "blog_unsafe_url" });

/** What the editor saves: title, cover (a gallery image), the document, and draft or published. */
export const blogEntryBody = z.object({
  title: z.string().trim().min(1, { message: "required" }).max(blogTitleMax, { message: "blog_title_too_long" }),
  cover_image: coverUrl.nullable().optional(),
  cover_image_id: z.string().uuid().nullable().optional(),
  body: blogDocInput,
  state: z.enum(blogStates).default("draft"),
});
export type BlogEntryBody = z.input<typeof blogEntryBody>;

export const blogAuthor = z.object({ id: z.string(), name: z.string(), image: z.string().nullable() });

/** A list card: no body, an excerpt of its text instead. */
export const blogEntryCard = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  cover_image: z.string().nullable(),
  state: z.enum(blogStates),
  author: blogAuthor,
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BlogEntryCard = z.infer<typeof blogEntryCard>;

export const blogEntryView = blogEntryCard.extend({
  cover_image_id: z.string().nullable(),
  body: blogDoc,
});
export type BlogEntryView = z.infer<typeof blogEntryView>;

/** Public list: published entries only, 8 per request by default, newest updated first. */
export const blogListQuery = z.object({
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(30).default(blogPageSize),
  sort: z.enum(blogSorts).default("-updated_at"),
});

/** The shop admin's list: drafts too, optionally one state. */
export const blogAdminListQuery = blogListQuery.extend({ state: z.enum(blogStates).optional() });
