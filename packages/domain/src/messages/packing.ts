import type { MessageGroup } from "./types";

/** Packing an order into boxes (commerce-and-accounts §7 'Supplier' binpacked / notpacked). */
export const packingMessages = {
  packing_closed: {
    es: "El pedido ya no se puede empacar en este estado",
    en: "The order can no longer be packed in this state",
  },
  packing_quantity_exceeded: {
    es: "Solo quedan {available} piezas de esta línea por empacar",
    en: "Only {available} units of this line are left to pack",
  },
  packing_quantity_invalid: { es: "Cantidad no válida", en: "Invalid quantity" },
  packing_bin_not_found: { es: "Caja no encontrada", en: "Box not found" },
  packing_line_not_found: { es: "El artículo no es de este pedido", en: "That item is not part of this order" },
  packing_forbidden: {
    es: "Tu rol en la tienda no permite empacar pedidos",
    en: "Your role in the shop does not allow packing orders",
  },

  order_event_packed: { es: "Empacado en {count} cajas", en: "Packed in {count} boxes" },
  order_event_packed_one: { es: "Empacado en 1 caja", en: "Packed in 1 box" },
  packing_title: { es: "Empaque", en: "Packing" },
  packing_state_not_packed: { es: "Sin empacar", en: "Not packed" },
  packing_state_partially_packed: { es: "Empacado en parte", en: "Partly packed" },
  packing_state_packed: { es: "Empacado", en: "Packed" },
  packing_not_packed_title: { es: "Por empacar", en: "To pack" },
  packing_remaining: { es: "Faltan {remaining} de {ordered}", en: "{remaining} of {ordered} left" },
  packing_destination: { es: "Empacar en", en: "Pack into" },
  packing_new_bin: { es: "Caja nueva", en: "New box" },
  packing_bin: { es: "Caja {number}", en: "Box {number}" },
  packing_pack: { es: "Empacar", en: "Pack" },
  packing_packed: { es: "Artículo empacado", en: "Item packed" },
  packing_unpack: { es: "Sacar de la caja", en: "Take out of the box" },
  packing_unpacked: { es: "Artículo sacado de la caja", en: "Item taken out of the box" },
  packing_bins_title: { es: "Cajas", en: "Boxes" },
  packing_no_bins: {
    es: "Todavía no hay cajas: empaca los artículos de arriba",
    en: "No boxes yet: pack the items above",
    "es-AR": "Todavía no hay cajas: empacá los artículos de arriba",
  },
  packing_all_packed: { es: "Todos los artículos están en cajas", en: "Every item is in a box" },
  packing_read_only: {
    es: "Solo el dueño, los administradores y los despachadores empacan pedidos",
    en: "Only the owner, admins and dispatchers pack orders",
  },
} satisfies MessageGroup;
