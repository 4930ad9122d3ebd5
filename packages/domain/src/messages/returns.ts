import type { MessageGroup } from "./types";

/**
 * Returns and refunds (commerce-and-accounts §3 'Return info', 'Refunds', §8 'cannot return a cancelled order',
 * 'return deadline expired', 'refund amount cannot exceed the amount available', 'maximum image size for return
 * photos', §9 72-hour policy): errors, the customer's return form, the supplier's returns desk and the e-mails.
 */
export const returnMessages = {
  return_order_canceled: { es: "No se puede devolver un pedido cancelado", en: "A cancelled order cannot be returned" },
  return_deadline_expired: { es: "El plazo de devolución ha expirado", en: "The return deadline has expired" },
  return_not_delivered: { es: "El pedido aún no se ha entregado", en: "The order has not been delivered yet" },
  return_not_found: { es: "Devolución no encontrada", en: "Return not found" },
  return_wrong_state: {
    es: "La devolución cambió mientras tanto; recarga la página",
    en: "The return changed in the meantime; reload the page",
    "es-AR": "La devolución cambió mientras tanto; recargá la página",
  },
  return_quantity_exceeds: {
    es: "La cantidad a devolver no puede exceder la cantidad entregada",
    en: "The quantity to return cannot exceed the quantity delivered",
  },
  return_quantity_invalid: { es: "Cantidad inválida", en: "Invalid quantity" },
  return_items_required: { es: "Elige al menos un artículo", en: "Choose at least one item", "es-AR": "Elegí al menos un artículo" },
  return_reason_too_long: { es: "El motivo es demasiado largo", en: "The reason is too long" },
  return_too_many_photos: {
    es: "Puedes adjuntar hasta 5 fotos",
    en: "You can attach up to 5 photos",
    "es-AR": "Podés adjuntar hasta 5 fotos",
  },
  return_photo_rejected: {
    es: "El tamaño máximo de las fotos de la devolución es {max}MB. Los formatos válidos son .jpeg, .png",
    en: "The maximum size of return photos is {max}MB. Valid formats are .jpeg, .png",
  },
  return_label_required: {
    es: "Sube la guía de devolución antes de aceptar",
    en: "Upload the return label before accepting",
    "es-AR": "Subí la guía de devolución antes de aceptar",
  },
  return_label_rejected: {
    es: "La guía debe ser un PDF, PNG o JPEG de hasta 4MB",
    en: "The label must be a PDF, PNG or JPEG of up to 4MB",
  },
  refund_exceeds_available: {
    es: "El monto a reembolsar no puede exceder el monto disponible",
    en: "The refund amount cannot exceed the amount available",
  },
  refund_amount_invalid: { es: "Monto a reembolsar inválido", en: "Invalid refund amount" },
  refund_order_not_paid: { es: "Solo se puede reembolsar un pedido pagado", en: "Only a paid order can be refunded" },
  refund_restock_exceeds: {
    es: "No se pueden reponer más unidades de las vendidas",
    en: "Cannot restock more units than were sold",
  },

  // Shared UI
  return_state_open: { es: "Abierta", en: "Open" },
  return_state_accepted: { es: "Aceptada", en: "Accepted" },
  return_state_rejected: { es: "Rechazada", en: "Rejected" },
  return_state_closed: { es: "Cerrada", en: "Closed" },
  refund_status_pending: { es: "Pendiente", en: "Pending" },
  refund_status_success: { es: "Exitoso", en: "Successful" },
  refund_status_failed: { es: "Fallido", en: "Failed" },
  returns_title: { es: "Devoluciones", en: "Returns" },
  refunds_title: { es: "Reembolsos", en: "Refunds" },
  refunds_empty: { es: "Sin reembolsos", en: "No refunds" },
  returns_empty: { es: "No hay devoluciones", en: "No returns" },
  returns_open_empty: { es: "No hay devoluciones abiertas", en: "No open returns" },
  return_deadline_label: {
    es: "Puedes solicitar una devolución hasta el {date}",
    en: "You can request a return until {date}",
    "es-AR": "Podés solicitar una devolución hasta el {date}",
  },
  return_refund_line: { es: "Reembolso {amount} · {status}", en: "Refund {amount} · {status}" },

  // Customer's return form
  return_request: { es: "Solicitar devolución", en: "Request a return" },
  return_reason: { es: "Motivo", en: "Reason" },
  return_quantity_of: { es: "Cantidad a devolver (máx. {max})", en: "Quantity to return (max. {max})" },
  return_photos: {
    es: "Fotos (opcional, solo imágenes, hasta {max}MB cada una)",
    en: "Photos (optional, images only, up to {max}MB each)",
  },
  return_send: { es: "Enviar solicitud", en: "Send request" },
  return_sent_toast: { es: "Solicitud de devolución enviada", en: "Return request sent" },
  return_download_label: { es: "Descargar guía de devolución", en: "Download the return label" },
  return_rejected_because: { es: "Rechazada: {reason}", en: "Rejected: {reason}" },

  // Supplier's desk
  returns_all: { es: "Todas", en: "All" },
  returns_open_title: { es: "Devoluciones abiertas", en: "Open returns" },
  return_accept: { es: "Aceptar", en: "Accept" },
  return_reject: { es: "Rechazar", en: "Reject" },
  return_reject_reason: { es: "Motivo del rechazo", en: "Reason for rejecting" },
  return_label_mode: { es: "Guía de devolución", en: "Return label" },
  return_label_send_inbox: { es: "Enviar la guía por correo al cliente", en: "E-mail the label to the customer" },
  return_label_send_download: { es: "El cliente la descarga de su compra", en: "The customer downloads it from the purchase" },
  return_open_order: { es: "Ver pedido #{number}", en: "Open order #{number}" },
  return_label_file: { es: "Archivo de la guía (PDF o imagen)", en: "Label file (PDF or image)" },
  return_receive: { es: "Recibida: cerrar y reembolsar", en: "Received: close and refund" },
  return_shipping_cost: { es: "Costo del envío de la devolución", en: "Return shipping cost" },
  refund_action: { es: "Reembolsar", en: "Refund" },
  refund_amount: { es: "Monto a reembolsar", en: "Amount to reimburse" },
  refund_available: { es: "Monto disponible: {amount}", en: "Amount available: {amount}" },
  refund_note: { es: "Nota (opcional)", en: "Note (optional)" },
  refund_restock: { es: "Reponer inventario", en: "Restock" },
  refund_done_toast: { es: "Reembolso registrado", en: "Refund recorded" },
  return_policy_saved: { es: "Política de devolución guardada", en: "Return policy saved" },

  // E-mails
  notice_return_opened_subject: { es: "Nueva solicitud de devolución del pedido #{number}", en: "New return request for order #{number}" },
  notice_return_opened_intro: {
    es: "Un cliente solicitó devolver artículos del pedido #{number}. Motivo: {reason}",
    en: "A customer asked to return items of order #{number}. Reason: {reason}",
  },
  notice_return_received_subject: { es: "Recibimos tu solicitud de devolución", en: "We received your return request" },
  notice_return_received_intro: {
    es: "Tu solicitud de devolución del pedido #{number} fue enviada a {supplier}.",
    en: "Your return request for order #{number} was sent to {supplier}.",
  },
  notice_return_accepted_subject: { es: "Tu devolución fue aceptada", en: "Your return was accepted" },
  notice_return_accepted_inbox: {
    es: "{supplier} aceptó tu devolución. Descarga aquí la guía de envío: {label}",
    en: "{supplier} accepted your return. Download the shipping label here: {label}",
    "es-AR": "{supplier} aceptó tu devolución. Descargá acá la guía de envío: {label}",
  },
  notice_return_accepted_download: {
    es: "{supplier} aceptó tu devolución. Descarga la guía de envío desde tu compra.",
    en: "{supplier} accepted your return. Download the shipping label from your purchase.",
    "es-AR": "{supplier} aceptó tu devolución. Descargá la guía de envío desde tu compra.",
  },
  notice_return_rejected_subject: { es: "Tu devolución fue rechazada", en: "Your return was rejected" },
  notice_return_rejected_intro: {
    es: "{supplier} rechazó tu devolución. Motivo: {reason}",
    en: "{supplier} rejected your return. Reason: {reason}",
  },
  notice_refund_subject: { es: "Reembolso de {amount}", en: "Refund of {amount}" },
  notice_refund_customer: {
    es: "{supplier} te reembolsó {amount} del pedido #{number}.",
    en: "{supplier} refunded you {amount} of order #{number}.",
  },
  notice_refund_supplier: {
    es: "Se reembolsaron {amount} del pedido #{number}.",
    en: "{amount} of order #{number} were refunded.",
  },
  notice_return_view: { es: "Ver devolución", en: "View the return" },
} satisfies MessageGroup;
