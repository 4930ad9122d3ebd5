import type { AppContext } from "../context";
import { advisors, platformAdmins, shopSupport } from "../db/schema/support";

/**
 * Demo platform staff (issue 15): a platform admin who may disable shops at /plataforma/tiendas, and an advisor
 * assigned to the demo shops. The franchise and the affiliate store send their owners to their own support page
 * (the support centre's sections) instead of the advisor, as commerce-and-accounts §2 asks.
 */
export async function seedDemoSupport(
  ctx: AppContext,
  ids: { adminId: string; advisorId: string; shops: { demo: string; mateo: string; sabores: string } },
) {
  await ctx.db.insert(platformAdmins).values({ userId: ids.adminId });
  await ctx.db.insert(advisors).values({
    userId: ids.advisorId,
    name: "Valeria Gómez",
    countryCode: "52",
    phone: "5544332211",
    whatsappPhone: "5544332211",
    email: "asesora@demo.tianguis.mx",
    chatUrl: "https://chat.demo.tianguis.mx/asesoria/valeria",
  });
  await ctx.db.insert(shopSupport).values([
    { shopId: ids.shops.demo, advisorId: ids.advisorId },
    { shopId: ids.shops.mateo, advisorId: ids.advisorId, affiliateSupportUrl: "/ayuda#afiliados" },
    { shopId: ids.shops.sabores, advisorId: ids.advisorId, franchiseSupportUrl: "/ayuda#franquicias" },
  ]);
}
