import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { users } from "../db/schema/accounts";
import { listShopContacts, replyToContact, setContactTags } from "../modules/contacts/service";
import { sendContactMessage } from "../modules/shop-pages/service";

/**
 * A few people who wrote to the demo shop through its contact form (issue 29 §3), so {base}/admin/contactos and the
 * owner's bell have something to show; Lucía has answered one of them, and tagged two. They go through the contact
 * form and the contacts module's events, as a visitor's message does.
 */
const visitors = [
  {
    name: "Rosa Díaz",
    email: "rosa.diaz@ejemplo.mx",
    phone: "55 1111 2222",
    message: "¿Hacen envíos a Mérida? Me interesan tres rebozos.",
  },
  { name: "Jorge Medina", email: "jorge.medina@ejemplo.mx", message: "¿Venden al mayoreo? Tengo una tienda en Puebla." },
  { name: "Elena Vargas", email: "elena.vargas@ejemplo.mx", message: "¿El tapete de lana se puede lavar en lavadora?" },
];

export async function seedDemoContacts(ctx: AppContext, shop: { slug: string; ownerId: string }) {
  for (const visitor of visitors) await sendContactMessage(ctx, shop.slug, visitor);
  await sendContactMessage(ctx, shop.slug, { ...visitors[0], message: "Y si compro cinco, ¿me hacen descuento?" });
  const [owner] = await ctx.db.select().from(users).where(eq(users.id, shop.ownerId));
  const lucia = { id: owner.id, username: owner.username, fullName: owner.fullName, userLevel: owner.userLevel, image: owner.image };
  const { results } = await listShopContacts(ctx, shop.slug, lucia, { offset: 0, limit: 10, sort: "-last_interaction_at" });
  const byName = (name: string) => results.find((contact) => contact.name === name);
  const rosa = byName("Rosa Díaz");
  const jorge = byName("Jorge Medina");
  if (rosa) {
    await replyToContact(
      ctx,
      rosa.id,
      lucia,
      { message: "¡Hola Rosa! Sí enviamos a Mérida; por cinco piezas te damos 10% de descuento." },
      "es",
    );
    await setContactTags(ctx, rosa.id, lucia, { tags: ["Sureste"] });
  }
  if (jorge) await setContactTags(ctx, jorge.id, lucia, { tags: ["Mayoreo"] });
}
