import { describe, expect, it } from "vitest";
import {
  blogDepthMax,
  blogSlug,
  blogSlugCandidate,
  completeDocLinks,
  completeHref,
  docExcerpt,
  docFirstImage,
  docText,
  isSafeImageSrc,
  isSafeLinkHref,
  measureDoc,
  missingForPublish,
  sectionsAfterBlog,
} from "./blog";
import { renderPlan } from "./blog-render";

const paragraph = (...content: object[]) => ({ type: "paragraph", content });
const text = (value: string, marks?: object[]) => ({ type: "text", text: value, ...(marks ? { marks } : {}) });
const doc = (...content: object[]) => ({ type: "doc", content });

/** A document nested `levels` blockquotes deep. */
function nested(levels: number): object {
  let node: object = paragraph(text("fondo"));
  for (let level = 0; level < levels; level += 1) node = { type: "blockquote", content: [node] };
  return doc(node);
}

describe("blog URLs: only http(s), paths on this site and fragments become links; images only http(s) or site paths", () => {
  it.each([
    ["https://casa.mx/taller", true],
    ["http://casa.mx", true],
    ["/tienda/demo/productos", true],
    ["/media/gallery/u/1.png", true],
    ["#receta", true],
    ["javascript:alert(1)", false],
    ["JaVaScRiPt:alert(1)", false],
    [" javascript:alert(1)", false],
    ["java\tscript:alert(1)", false],
    ["data:text/html;base64,PHNjcmlwdD4=", false],
    ["vbscript:msgbox", false],
    ["//evil.example/x", false],
    ["/\\evil.example", false],
    ["https://", false],
    ["mailto:a@b.mx", false],
    ["", false],
    [`https://casa.mx/${"a".repeat(2001)}`, false],
  ])("link %s → %s", (href, safe) => expect(isSafeLinkHref(href)).toBe(safe));

  it("refuses data:, blob: and fragment image sources", () => {
    expect(isSafeImageSrc("/media/gallery/u/1.png")).toBe(true);
    expect(isSafeImageSrc("https://cdn.casa.mx/1.webp")).toBe(true);
    for (const src of ["data:image/png;base64,AAAA", "blob:https://casa.mx/1", "#x", "javascript:x", "//cdn.x/1.png"]) {
      expect(isSafeImageSrc(src), src).toBe(false);
    }
  });
});

describe("blog documents: measured without recursion, text and excerpt", () => {
  it("counts depth, nodes, images and text", () => {
    const measure = measureDoc(doc(paragraph(text("Hola "), text("mundo")), { type: "image", attrs: { src: "/media/a.png" } }));
    expect(measure).toEqual({ depth: 3, nodes: 5, images: 1, textLength: 10 });
  });

  it("stops early on a 100,000-deep document instead of overflowing the stack", () => {
    expect(measureDoc(nested(100_000)).depth).toBe(blogDepthMax + 1);
  });

  it("reads the text in order with blocks apart, and cuts the excerpt at a word", () => {
    const body = doc(
      { type: "heading", attrs: { level: 2 }, content: [text("Barro")] },
      paragraph(text("negro de "), text("Oaxaca", [{ type: "bold" }])),
    );
    expect(docText(body)).toBe("Barro negro de Oaxaca");
    expect(docExcerpt(doc(paragraph(text("palabra ".repeat(60)))))).toMatch(/^(palabra ){20,}.*palabra…$/);
    expect(docExcerpt(doc(paragraph(text("Corto."))))).toBe("Corto.");
    expect(docExcerpt("not a document")).toBe("");
  });

  it("finds the first safe image for Open Graph", () => {
    expect(docFirstImage(doc({ type: "image", attrs: { src: "javascript:x" } }, { type: "image", attrs: { src: "/media/b.png" } }))).toBe(
      "/media/b.png",
    );
    expect(docFirstImage(doc(paragraph(text("sin imágenes"))))).toBeNull();
  });

  it("publishing needs a title and something to read; a draft may be empty", () => {
    expect(missingForPublish({ title: "Hola", body: doc(paragraph(text("texto"))) })).toEqual([]);
    expect(missingForPublish({ title: "Hola", body: doc({ type: "image", attrs: { src: "/media/a.png" } }) })).toEqual([]);
    expect(missingForPublish({ title: " ", body: doc(paragraph()) })).toEqual(["title", "body"]);
  });
});

describe("blog slugs", () => {
  it("turn a Spanish title into an address and never take a page's name", () => {
    expect(blogSlug("¡Cómo se hace el Rebozo de Santa María!")).toBe("como-se-hace-el-rebozo-de-santa-maria");
    expect(blogSlug("Crear")).toBe("entrada-crear");
    expect(blogSlug("¿¿??")).toBe("entrada");
    expect(blogSlug("a ".repeat(100)).length).toBeLessThanOrEqual(80);
    expect(blogSlugCandidate("mi-entrada", 1)).toBe("mi-entrada");
    expect(blogSlugCandidate("mi-entrada", 3)).toBe("mi-entrada-3");
    expect(blogSlugCandidate("x".repeat(80), 2)).toHaveLength(80);
  });
});

describe("blog renderer: a closed set of elements from any input", () => {
  it("renders headings from h2, marks, lists, quotes, code, rules, breaks and images", () => {
    const plan = renderPlan(
      doc(
        { type: "heading", attrs: { level: 1 }, content: [text("Título")] },
        { type: "heading", attrs: { level: 3 }, content: [text("Sub")] },
        paragraph(text("negrita", [{ type: "bold" }, { type: "italic" }]), { type: "hardBreak" }, text("fin")),
        { type: "orderedList", attrs: { start: 3 }, content: [{ type: "listItem", content: [paragraph(text("uno"))] }] },
        { type: "blockquote", content: [paragraph(text("cita"))] },
        { type: "codeBlock", content: [text("x = 1")] },
        { type: "horizontalRule" },
        { type: "image", attrs: { src: "/media/a.png", alt: "Taller" } },
      ),
    );
    expect(plan).toEqual([
      { tag: "h2", children: ["Título"] },
      { tag: "h3", children: ["Sub"] },
      { tag: "p", children: [{ tag: "em", children: [{ tag: "strong", children: ["negrita"] }] }, { tag: "br", children: [] }, "fin"] },
      { tag: "ol", attrs: { start: 3 }, children: [{ tag: "li", children: [{ tag: "p", children: ["uno"] }] }] },
      { tag: "blockquote", children: [{ tag: "p", children: ["cita"] }] },
      { tag: "pre", children: [{ tag: "code", children: ["x = 1"] }] },
      { tag: "hr", children: [] },
      { tag: "img", attrs: { src: "/media/a.png", alt: "Taller" }, children: [] },
    ]);
  });

  it("opens external links in a new tab without referrer and keeps site links in place", () => {
    const plan = renderPlan(
      doc(
        paragraph(
          text("fuera", [{ type: "link", attrs: { href: "https://x.mx" } }]),
          text("dentro", [{ type: "link", attrs: { href: "/tienda/demo" } }]),
        ),
      ),
    );
    expect(plan[0]).toEqual({
      tag: "p",
      children: [
        { tag: "a", attrs: { href: "https://x.mx", rel: "noopener noreferrer nofollow", target: "_blank" }, children: ["fuera"] },
        { tag: "a", attrs: { href: "/tienda/demo" }, children: ["dentro"] },
      ],
    });
  });

  it("keeps the text of a javascript: link but not the link, and drops unsafe images, unknown nodes and marks", () => {
    const plan = renderPlan(
      doc(
        paragraph(text("clic", [{ type: "link", attrs: { href: "javascript:alert(document.cookie)" } }, { type: "onclick" }])),
        { type: "image", attrs: { src: "data:image/svg+xml,<svg onload=alert(1)>" } },
        { type: "script", content: [text("alert(1)")] },
        { type: "iframe", attrs: { src: "https://evil.example" } },
        paragraph({ type: "text", text: { toString: "x" } }, { type: "mention", attrs: { id: "1" } }),
      ),
    );
    expect(plan).toEqual([
      { tag: "p", children: ["clic"] },
      { tag: "p", children: [] },
    ]);
  });

  it("renders nothing from something that is not a document, and stops at the depth limit", () => {
    for (const input of [null, "<script>", 42, [], { type: "paragraph" }, { type: "doc", content: "x" }])
      expect(renderPlan(input)).toEqual([]);
    const deep = JSON.stringify(renderPlan(nested(100_000)));
    expect(deep.length).toBeLessThan(2000);
    expect(deep).not.toContain("fondo");
  });

  it("never lets attributes other than the known ones through", () => {
    const plan = renderPlan(doc({ type: "image", attrs: { src: "/media/a.png", alt: "a", onerror: "alert(1)", style: "x" } }));
    expect(plan).toEqual([{ tag: "img", attrs: { src: "/media/a.png", alt: "a" }, children: [] }]);
  });
});

describe("links typed without a scheme", () => {
  it("become https links; paths, fragments and other schemes stay as typed", () => {
    expect(completeHref("casa.mx/taller")).toBe("https://casa.mx/taller");
    expect(completeHref(" www.casa.mx ")).toBe("https://www.casa.mx");
    for (const href of ["/tienda/demo", "#x", "https://casa.mx", "javascript:alert(1)"]) expect(completeHref(href)).toBe(href);
    const doc = {
      type: "doc",
      content: [{ type: "paragraph", content: [{ type: "text", text: "x", marks: [{ type: "link", attrs: { href: "casa.mx" } }] }] }],
    };
    expect(completeDocLinks(doc).content[0].content[0].marks[0].attrs.href).toBe("https://casa.mx");
  });
});

describe("the blogs section follows the published entries", () => {
  it.each([
    [["products"], 0, 1, ["products", "blogs"]],
    [["products", "blogs"], 1, 0, ["products"]],
    [["products"], 2, 3, ["products"]],
    [["products", "blogs"], 2, 1, ["products", "blogs"]],
    [["products"], 0, 0, ["products"]],
  ])("%j with %i → %i published: %j", (sections, before, after, expected) => {
    expect(sectionsAfterBlog(sections, before, after)).toEqual(expected);
  });
});
