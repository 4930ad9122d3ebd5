import { and, eq, isNotNull } from "drizzle-orm";
import type { AppContext } from "../context";
import { checkouts, orderItems, orders } from "../db/schema/orders";
import { productReviews } from "../db/schema/reviews";
import { storeProductImage } from "../modules/gallery/service";
import { productPicture } from "./pictures";

/** What the demo's signed-in buyers say about what they received, in order of their delivered lines. */
const sayings = [
  {
    title: "Excelente calidad",
    qualification: 5,
    text: "Llegó muy bien empacado y es tal cual las fotos. Ya lo curé y funciona de maravilla.",
    answer: "¡Gracias por tu compra! Nos alegra que te haya gustado.",
    photo: true,
  },
  { title: "Muy bonito", qualification: 4, text: "Buen producto, tardó un poco en llegar.", answer: null, photo: false },
  { title: "Cumple", qualification: 4, text: "Lo que esperaba por el precio.", answer: null, photo: false },
];

/**
 * Reviews on the demo supplier's products, one per delivered line bought by a registered customer (guests have no
 * account to review with), the first with a photo and the supplier's answer, so a product page shows its rating.
 */
export async function seedDemoReviews(ctx: AppContext, input: { supplierId: string; ownerId: string }) {
  const lines = await ctx.db
    .selectDistinctOn([orderItems.productId, checkouts.customerId], {
      orderItemId: orderItems.id,
      productId: orderItems.productId,
      customerId: checkouts.customerId,
      deliveredAt: orders.deliveredAt,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .where(and(eq(orders.supplierId, input.supplierId), eq(orders.state, "delivered"), isNotNull(checkouts.customerId)));
  // Oldest delivery first, so the first saying always lands on the same product (the molcajete delivered 12 days ago).
  lines.sort((a, b) => (a.deliveredAt?.getTime() ?? 0) - (b.deliveredAt?.getTime() ?? 0));
  const now = ctx.clock.now().getTime();
  for (const [index, line] of lines.slice(0, sayings.length).entries()) {
    const saying = sayings[index];
    // A day after delivery, but never in the future (an order delivered yesterday is reviewed now).
    const written = new Date(Math.min((line.deliveredAt?.getTime() ?? now) + 86_400_000, now - 3_600_000));
    const photos = saying.photo ? [await storeProductImage(ctx.storage, productPicture(90 + index, "jar"), "reviews")] : [];
    await ctx.db.insert(productReviews).values({
      productId: line.productId,
      supplierId: input.supplierId,
      customerId: line.customerId as string,
      orderItemId: line.orderItemId,
      title: saying.title,
      qualification: saying.qualification,
      text: saying.text,
      photos,
      answer: saying.answer,
      answeredAt: saying.answer ? new Date(written.getTime() + 3_600_000) : null,
      answeredBy: saying.answer ? input.ownerId : null,
      createdAt: written,
    });
  }
}
