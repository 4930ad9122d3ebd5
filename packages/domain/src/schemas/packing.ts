import { z } from "zod";
import { packingStates } from "../rules/packing";

/** commerce-and-accounts §7 'Supplier': an order's boxes (binpacked) and what is in none (notpacked). */
export const packingState = z.enum(packingStates);

export const binItemView = z.object({ order_item_id: z.string(), name: z.string(), quantity: z.number().int() });
export const binView = z.object({
  id: z.string(),
  /** 1, 2, … within the order: "Caja 1". */
  number: z.number().int(),
  items: z.array(binItemView),
  created_at: z.string(),
});
export type BinView = z.infer<typeof binView>;

export const notPackedLineView = z.object({
  order_item_id: z.string(),
  name: z.string(),
  photo: z.string().nullable(),
  ordered: z.number().int(),
  packed: z.number().int(),
  remaining: z.number().int(),
});
export type NotPackedLineView = z.infer<typeof notPackedLineView>;

/** A page of boxes or of lines not packed, with the order's packing state and whether the viewer may change it. */
const packingPage = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ results: z.array(item), matches_estimated: z.number().int(), packing_state: packingState, can_pack: z.boolean() });
export const binsPage = packingPage(binView);
export const notPackedPage = packingPage(notPackedLineView);
export type BinsPage = z.infer<typeof binsPage>;
export type NotPackedPage = z.infer<typeof notPackedPage>;

/** PATCH notpacked/{item}: put `quantity` units of the line in box `bin_id`, or in a new box when it is left out. */
export const packLineBody = z.object({
  quantity: z.number().int().min(1, "packing_quantity_invalid").max(100_000, "packing_quantity_invalid"),
  bin_id: z.string().uuid().optional(),
});
export type PackLineBody = z.infer<typeof packLineBody>;

/** PATCH binpacked/{bin}/{item}: how many units of the line the box holds; 0 takes the line out of it. */
export const binQuantityBody = z.object({
  quantity: z.number().int().min(0, "packing_quantity_invalid").max(100_000, "packing_quantity_invalid"),
});
