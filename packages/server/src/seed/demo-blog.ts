import { docExcerpt } from "@tianguis/domain/rules/blog";
import type { BlogDoc } from "@tianguis/domain/schemas/blog";
import sharp from "sharp";
import type { AppContext } from "../context";
import { blogEntries } from "../db/schema/blog";
import { type Motif, productPicture } from "./pictures";

const text = (value: string) => ({ type: "text" as const, text: value });
const bold = (value: string) => ({ type: "text" as const, text: value, marks: [{ type: "bold" as const }] });
const link = (value: string, href: string) => ({ type: "text" as const, text: value, marks: [{ type: "link" as const, attrs: { href } }] });

interface DemoEntry {
  slug: string;
  title: string;
  motif: Motif | null;
  state: "published" | "draft";
  /** How long ago it was last updated (days), so the list's order is fixed: newest updated first. */
  daysAgo: number;
  body: BlogDoc;
}

const entries: DemoEntry[] = [
  {
    slug: "como-se-teje-un-rebozo-de-santa-maria-del-rio",
    title: "Cómo se teje un rebozo de Santa María del Río",
    motif: "shirt",
    state: "published",
    daysAgo: 2,
    body: {
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            text("Cada rebozo de seda de nuestro taller pasa por "),
            bold("más de 400 horas de trabajo"),
            text(" entre el teñido en reserva, el tejido en telar de cintura y el empuntado a mano."),
          ],
        },
        { type: "heading", attrs: { level: 2 }, content: [text("El jaspe, paso a paso")] },
        {
          type: "bulletList",
          content: [
            { type: "listItem", content: [{ type: "paragraph", content: [text("Se urde el hilo y se amarran los dibujos.")] }] },
            { type: "listItem", content: [{ type: "paragraph", content: [text("Se tiñe: lo amarrado guarda su color.")] }] },
            { type: "listItem", content: [{ type: "paragraph", content: [text("Se teje y el dibujo aparece, como por magia.")] }] },
          ],
        },
        {
          type: "paragraph",
          content: [text("Conoce los rebozos disponibles en "), link("nuestros productos", "/tienda/demo/productos"), text(".")],
        },
      ],
    },
  },
  {
    slug: "talavera-poblana-del-barro-al-esmalte",
    title: "Talavera poblana: del barro al esmalte",
    motif: "jar",
    state: "published",
    daysAgo: 5,
    body: {
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            text("La talavera auténtica lleva "),
            bold("dos quemas"),
            text(": la primera endurece el barro y la segunda funde el esmalte de estaño sobre los dibujos pintados a mano."),
          ],
        },
        {
          type: "blockquote",
          content: [{ type: "paragraph", content: [text("Una pieza tarda hasta tres meses desde que se amasa el barro.")] }],
        },
        {
          type: "paragraph",
          content: [
            text("Más sobre su denominación de origen en "),
            link("el Consejo Regulador de la Talavera", "https://www.gob.mx/impi"),
            text("."),
          ],
        },
      ],
    },
  },
  {
    slug: "proximamente-taller-de-bordado-tenango",
    title: "Próximamente: taller de bordado tenango",
    motif: null,
    state: "draft",
    daysAgo: 1,
    body: {
      type: "doc",
      content: [{ type: "paragraph", content: [text("Fechas y cupo por confirmar con las bordadoras de Hidalgo.")] }],
    },
  },
];

/** The demo supplier's blog: two published entries with covers and one draft only its admins see. */
export async function seedDemoBlog(ctx: AppContext, input: { shopId: string; authorId: string }) {
  const now = ctx.clock.now().getTime();
  for (const [index, entry] of entries.entries()) {
    const cover = entry.motif
      ? await ctx.storage.put(
          `blog/demo/${entry.slug}.png`,
          await sharp(productPicture(index + 3, entry.motif))
            .resize(1200, 630, { fit: "cover" })
            .png()
            .toBuffer(),
          "image/png",
        )
      : null;
    const updatedAt = new Date(now - entry.daysAgo * 24 * 3600 * 1000);
    await ctx.db.insert(blogEntries).values({
      shopId: input.shopId,
      authorId: input.authorId,
      slug: entry.slug,
      title: entry.title,
      coverImage: cover,
      body: entry.body,
      excerpt: docExcerpt(entry.body),
      state: entry.state,
      publishedAt: entry.state === "published" ? updatedAt : null,
      createdAt: updatedAt,
      updatedAt,
    });
  }
}
