import { describe, expect, it } from "vitest";
import { blogDocInput, blogEntryBody } from "./blog";

const text = (value: string, marks?: object[]) => ({ type: "text", text: value, ...(marks ? { marks } : {}) });
const paragraph = (...content: object[]) => ({ type: "paragraph", content });
const doc = (...content: object[]) => ({ type: "doc", content });
const codes = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("blog document schema: known nodes and marks, safe URLs, limits", () => {
  it("accepts what the editor writes and drops attributes it does not know", () => {
    const parsed = blogDocInput.parse(
      doc(
        { type: "heading", attrs: { level: 2 }, content: [text("Hola")] },
        paragraph(
          text("negrita", [{ type: "bold" }]),
          text(" enlace", [{ type: "link", attrs: { href: "https://casa.mx", target: "_blank", rel: "noopener", class: "x" } }]),
        ),
        { type: "bulletList", content: [{ type: "listItem", content: [paragraph(text("uno"))] }] },
        { type: "orderedList", attrs: { start: 1, type: null }, content: [{ type: "listItem", content: [paragraph()] }] },
        { type: "image", attrs: { src: "/media/gallery/a.png", alt: null, title: null, width: null, height: null } },
      ),
    );
    expect(parsed.content[4]).toEqual({ type: "image", attrs: { src: "/media/gallery/a.png", alt: null, title: null } });
    expect(JSON.stringify(parsed)).not.toContain('"class"');
  });

  it("refuses unknown nodes and marks", () => {
    expect(codes(blogDocInput.safeParse(doc({ type: "iframe", attrs: { src: "https://x.mx" } })))).toContain("blog_unknown_node");
    expect(codes(blogDocInput.safeParse(doc(paragraph(text("x", [{ type: "onclick" }])))))).toContain("blog_unknown_node");
    expect(codes(blogDocInput.safeParse(doc(paragraph({ type: "mention", attrs: { id: "1" } }))))).toContain("blog_unknown_node");
    expect(blogDocInput.safeParse({ type: "paragraph", content: [] }).success).toBe(false);
    expect(blogDocInput.safeParse("<p>hola</p>").success).toBe(false);
  });

  it("refuses javascript:, data: and protocol-relative links and images", () => {
    for (const href of ["javascript:alert(1)", " JAVASCRIPT:alert(1)", "data:text/html,x", "//evil.example"]) {
      const link = doc(paragraph(text("x", [{ type: "link", attrs: { href } }])));
      expect(codes(blogDocInput.safeParse(link)), href).toContain("blog_unsafe_url");
    }
    expect(codes(blogDocInput.safeParse(doc({ type: "image", attrs: { src: "data:image/png;base64,AA" } })))).toContain("blog_unsafe_url");
  });

  it("refuses oversized, too deep and too image-heavy documents with their own codes", () => {
    expect(codes(blogDocInput.safeParse(doc(paragraph(text("a".repeat(200_001))))))).toEqual(["blog_body_too_large"]);
    let deep: object = paragraph(text("x"));
    for (let level = 0; level < 50_000; level += 1) deep = { type: "blockquote", content: [deep] };
    expect(codes(blogDocInput.safeParse(doc(deep)))).toEqual(["blog_body_too_large"]);
    let nested: object = paragraph(text("x"));
    for (let level = 0; level < 20; level += 1) nested = { type: "blockquote", content: [nested] };
    expect(codes(blogDocInput.safeParse(doc(nested)))).toEqual(["blog_body_too_deep"]);
    const images = Array.from({ length: 21 }, (_, index) => ({ type: "image", attrs: { src: `/media/${index}.png` } }));
    expect(codes(blogDocInput.safeParse(doc(...images)))).toEqual(["blog_too_many_images"]);
  });
});

describe("blog entry body", () => {
  it("trims the title, defaults to a draft and checks the title's length and the cover's URL", () => {
    const parsed = blogEntryBody.parse({ title: "  Hola  ", body: doc(paragraph()) });
    expect(parsed).toMatchObject({ title: "Hola", state: "draft" });
    expect(codes(blogEntryBody.safeParse({ title: "a".repeat(151), body: doc() }))).toContain("blog_title_too_long");
    expect(codes(blogEntryBody.safeParse({ title: " ", body: doc() }))).toContain("required");
    expect(codes(blogEntryBody.safeParse({ title: "x", cover_image: "javascript:x", body: doc() }))).toContain("blog_unsafe_url");
  });
});
