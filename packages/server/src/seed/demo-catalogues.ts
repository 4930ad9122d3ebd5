import { catalogueSlug, sectionsAfterCatalogues } from "@tianguis/domain/rules/catalogue-position";
import { and, asc, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { products } from "../db/schema/catalog";
import { catalogueProducts, catalogues } from "../db/schema/catalogues";
import { shops } from "../db/schema/shops";
import { changeSections } from "../modules/shops/service";

/**
 * Published catalogues for a fresh demo, so the marketplace's /catalogos (GET /published/catalogues) has something to show:
 * the supplier 'Barro y Fuego' groups its ceramics and its decoration into two catalogues. The demo's own three shops keep
 * no catalogue, so their owners meet the catalogue manager empty, as a new shop does.
 */
const demoCatalogues = [
  { name: "Vajilla para la mesa", category: "Cerámica", items: 8 },
  { name: "Decoración de temporada", category: "Decoración", items: 5 },
];

export async function seedDemoCatalogues(ctx: AppContext, shopSlug = "barro-y-fuego"): Promise<void> {
  const [shop] = await ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.slug, shopSlug));
  if (!shop) return;
  const now = ctx.clock.now();
  for (const [position, spec] of demoCatalogues.entries()) {
    const items = await ctx.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.shopId, shop.id), eq(products.category, spec.category), eq(products.listState, "published")))
      .orderBy(asc(products.queuePosition))
      .limit(spec.items);
    const [catalogue] = await ctx.db
      .insert(catalogues)
      .values({ shopId: shop.id, name: spec.name, slug: catalogueSlug(spec.name), position, createdAt: now, updatedAt: now })
      .returning({ id: catalogues.id });
    await ctx.db
      .insert(catalogueProducts)
      .values(items.map((item, queuePosition) => ({ catalogueId: catalogue.id, productId: item.id, queuePosition, addedAt: now })));
  }
  await changeSections(ctx.db, shop.id, (sections) => sectionsAfterCatalogues(sections, demoCatalogues.length));
}
