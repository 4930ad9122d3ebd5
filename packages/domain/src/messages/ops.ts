import type { MessageGroup } from "./types";

/** The platform's operators: event deliveries they list and replay (issue 28, docs/OPERATIONS.md). */
export const opsMessages = {
  event_delivery_not_found: {
    es: "Esa entrega de evento no existe",
    en: "That event delivery does not exist",
    "es-AR": "Esa entrega de evento no existe",
  },
  event_delivery_already_done: {
    es: "Esa entrega de evento ya se completó; no se vuelve a entregar",
    en: "That event delivery is already done; it is not delivered again",
    "es-AR": "Esa entrega de evento ya se completó; no se vuelve a entregar",
  },
} satisfies MessageGroup;
