import type { MessageGroup } from "./types";

/**
 * Tickets of experiences (commerce-and-accounts §3 'Tickets/attendants', §8 'cannot create tickets after an experience
 * has ended', 'ticket not found'): the customer's tickets, the supplier's issuing and the door's check-in.
 */
export const ticketMessages = {
  ticket_not_found: { es: "Boleto no encontrado", en: "Ticket not found" },
  ticket_experience_ended: {
    es: "No se pueden crear boletos después de que la experiencia terminó",
    en: "Cannot create tickets after an experience has ended",
  },
  ticket_not_an_experience: { es: "Solo las experiencias tienen boletos", en: "Only experiences have tickets" },
  ticket_already_used: { es: "Este boleto ya fue usado", en: "This ticket has already been used" },
  ticket_cancelled: { es: "Este boleto está cancelado", en: "This ticket has been cancelled" },
  ticket_code_invalid: {
    es: "El código no es de un boleto; revisa que esté completo",
    en: "That is not a ticket code; check that it is complete",
    "es-AR": "El código no es de un boleto; revisá que esté completo",
  },
  ticket_checkin_forbidden: {
    es: "Tu rol en la tienda no permite registrar entradas",
    en: "Your role in the shop does not allow checking tickets in",
  },

  wallet_not_configured: {
    es: "Los pases para la cartera del teléfono no están disponibles por ahora",
    en: "Phone wallet passes are not available right now",
  },
  ticket_add_apple_wallet: { es: "Agregar a Apple Wallet", en: "Add to Apple Wallet" },
  ticket_save_google_wallet: { es: "Guardar en Google Wallet", en: "Save to Google Wallet" },
  wallet_pass_event: { es: "Evento", en: "Event" },
  wallet_pass_date: { es: "Fecha", en: "Date" },
  wallet_pass_order: { es: "Pedido", en: "Order" },
  wallet_pass_description: { es: "Boleto para {event}", en: "Ticket for {event}" },

  tickets_title: { es: "Boletos", en: "Tickets" },
  tickets_of_order: { es: "Boletos del pedido", en: "Tickets of the order" },
  tickets_download_pdf: { es: "Descargar boletos (PDF)", en: "Download tickets (PDF)" },
  tickets_download_zip: { es: "Descargar boletos (ZIP)", en: "Download tickets (ZIP)" },
  ticket_download: { es: "Descargar boleto", en: "Download ticket" },
  ticket_holder: { es: "Nombre del asistente", en: "Attendee name" },
  ticket_holder_missing: { es: "Sin nombre", en: "No name" },
  ticket_holder_save: { es: "Guardar nombre", en: "Save name" },
  ticket_holder_saved: { es: "Nombre guardado", en: "Name saved" },
  ticket_code: { es: "Código", en: "Code" },
  ticket_unit: { es: "Boleto {unit}", en: "Ticket {unit}" },
  ticket_qr_alt: { es: "Código QR del boleto {code}", en: "QR code of ticket {code}" },
  ticket_state_valid: { es: "Válido", en: "Valid" },
  ticket_state_used: { es: "Usado", en: "Used" },
  ticket_state_cancelled: { es: "Cancelado", en: "Cancelled" },
  ticket_type_purchase: { es: "Compra en línea", en: "Online purchase" },
  ticket_type_courtesy: { es: "Cortesía", en: "Courtesy" },
  ticket_type_establishment_sale: { es: "Venta en establecimiento", en: "Establishment sale" },
  ticket_used_at: { es: "Usado el {time}", en: "Used on {time}" },
  ticket_event_date: { es: "Fecha del evento", en: "Event date" },
  ticket_pdf_footer: {
    es: "Presenta este código en la entrada. Cada boleto es válido para una sola persona y un solo ingreso.",
    en: "Show this code at the entrance. Each ticket admits one person, once.",
    "es-AR": "Presentá este código en la entrada. Cada boleto es válido para una sola persona y un solo ingreso.",
  },

  checkin_title: { es: "Registro de entradas", en: "Check-in" },
  checkin_scan: { es: "Escanear QR", en: "Scan QR" },
  checkin_stop: { es: "Detener cámara", en: "Stop camera" },
  checkin_camera_hint: {
    es: "Apunta la cámara al código QR del boleto",
    en: "Point the camera at the ticket's QR code",
    "es-AR": "Apuntá la cámara al código QR del boleto",
  },
  checkin_camera_unavailable: {
    es: "No se pudo usar la cámara; escribe el código del boleto",
    en: "The camera could not be used; type the ticket code",
    "es-AR": "No se pudo usar la cámara; escribí el código del boleto",
  },
  checkin_manual: { es: "Código del boleto", en: "Ticket code" },
  checkin_submit: { es: "Registrar entrada", en: "Check in" },
  checkin_ok: { es: "Entrada registrada", en: "Checked in" },
  checkin_refused: { es: "Entrada rechazada", en: "Entry refused" },
  checkin_recent: { es: "Boletos recientes", en: "Recent tickets" },

  tickets_issue_title: { es: "Emitir boletos", en: "Issue tickets" },
  tickets_issue_quantity: { es: "Cantidad", en: "Quantity" },
  tickets_issue_amount: { es: "Precio cobrado por boleto", en: "Price charged per ticket" },
  tickets_issue_submit: { es: "Emitir", en: "Issue" },
  tickets_issued: { es: "Boletos emitidos", en: "Tickets issued" },

  email_tickets_attached: {
    es: "Tus boletos van adjuntos en PDF; preséntalos en la entrada.",
    en: "Your tickets are attached as PDF; show them at the entrance.",
    "es-AR": "Tus boletos van adjuntos en PDF; presentalos en la entrada.",
  },
} satisfies MessageGroup;
