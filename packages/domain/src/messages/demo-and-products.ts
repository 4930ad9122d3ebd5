import type { MessageGroup } from "./types";

/**
 * Trying the product and stocking a shop: the demo-mode note on the sign-up screens (README, DEMO_MODE), the admin's
 * add-item cards on the shop's listings (storefront-and-admin §6) and a new product kept unpublished when its photo fails.
 */
export const demoAndProductMessages = {
  demo_outbox_note: {
    es: "Modo demostración: lee el PIN en",
    en: "Demo mode: read the PIN at",
    "es-AR": "Modo demostración: leé el PIN en",
  },
  add_item_product: { es: "Agregar producto", en: "Add product" },
  add_item_service: { es: "Agregar servicio", en: "Add service" },
  add_item_experience: { es: "Agregar experiencia", en: "Add experience" },
  add_item_digital: { es: "Agregar producto digital", en: "Add digital product" },
  product_kept_unpublished: {
    es: "El producto se guardó sin publicar. Agrega otra foto y publícalo.",
    en: "The product was saved unpublished. Add another photo and publish it.",
    "es-AR": "El producto se guardó sin publicar. Agregá otra foto y publicalo.",
  },
} satisfies MessageGroup;
