import sharp from "sharp";
import type { AppContext } from "../context";
import { users } from "../db/schema/accounts";
import { shopFranchises } from "../db/schema/franchises";
import { shops } from "../db/schema/shops";
import { storeLogoImage } from "../modules/gallery/images";
import { shopPicture } from "./pictures";

/**
 * Franchise and affinity stores for the franchise modal and {base}/franquicias (commerce-and-accounts §2, §4): sabores
 * lists three public stores and one closed store (shown only in its admin list as 'No pública'); two more are offered
 * in the modal. 'Café de Olla Coyoacán' belongs to sabores' own affinity group. No items, so the marketplace's product
 * lists and counts are unchanged; each store sorts after the stocked businesses of the business network.
 */
const stores = [
  { slug: "tacos-el-guero", name: "Tacos El Güero", type: "affinity", listed: true },
  { slug: "panaderia-la-espiga", name: "Panadería La Espiga", type: "franchise", listed: true },
  { slug: "cafe-de-olla-coyoacan", name: "Café de Olla Coyoacán", type: "affinity", listed: true, ownGroup: true },
  { slug: "antojitos-la-esquina", name: "Antojitos La Esquina", type: "affinity", listed: true, closed: true },
  { slug: "nieves-de-garrafa", name: "Nieves de Garrafa", type: "affinity", listed: false },
  { slug: "mole-de-dona-chela", name: "Mole de Doña Chela", type: "franchise", listed: false },
] as const;

export async function seedDemoFranchises(ctx: AppContext, input: { franchiseShopId: string; passwordHash: string }) {
  const now = ctx.clock.now();
  for (const [index, store] of stores.entries()) {
    const username = `${store.slug.split("-")[0]}@demo.tianguis.mx`;
    const [owner] = await ctx.db
      .insert(users)
      .values({
        username,
        email: username,
        fullName: store.name,
        passwordHash: input.passwordHash,
        userLevel: 1,
        country: "MX",
        countryCode: "52",
      })
      .returning({ id: users.id });
    const photoPng = await sharp(shopPicture(index + 9))
      .png()
      .toBuffer();
    const photo = await ctx.storage.put(`shops/${store.slug}/photo.png`, photoPng, "image/png");
    const photoWebp = await storeLogoImage(ctx.storage, photoPng, `shops/${store.slug}`);
    const [row] = await ctx.db
      .insert(shops)
      .values({
        slug: store.slug,
        name: store.name,
        ownerId: owner.id,
        photo,
        photoWebp,
        storeType: store.type,
        disabled: "closed" in store,
        rootShopId: "ownGroup" in store ? input.franchiseShopId : null,
        seoDescription: `${store.type === "franchise" ? "Franquicia" : "Tienda afín"} de cocina mexicana: ${store.name}.`,
        storeThemeInfo: { sections_info: ["products"] },
      })
      .returning({ id: shops.id });
    if (store.listed) {
      // One second apart, so the admin list's order never depends on the insert order.
      const createdAt = new Date(now.getTime() + index * 1000);
      await ctx.db.insert(shopFranchises).values({ shopId: input.franchiseShopId, franchiseShopId: row.id, createdAt });
    }
  }
}
