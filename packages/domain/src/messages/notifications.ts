import type { MessageGroup } from "./types";

/**
 * The e-mails and SMS sent about a purchase and its orders after checkout (spec §4 'Checkout and orders': the customer
 * hears of the purchase, the payment and each step of the supplier's progress; the supplier hears of a paid order).
 * Subjects double as the SMS text, so they stay short.
 */
export const notificationMessages = {
  notice_greeting: { es: "Hola {name}:", en: "Hi {name},", "es-AR": "Hola {name}:" },
  notice_greeting_anonymous: { es: "Hola:", en: "Hi,", "es-AR": "Hola:" },

  notice_purchase_created_subject: { es: "Recibimos tu compra en {shop}", en: "We received your purchase at {shop}" },
  notice_purchase_created_intro: {
    es: "¡Gracias por tu compra! Este es el resumen de lo que pediste. Te avisaremos en cuanto se confirme el pago.",
    en: "Thank you for your purchase! Here is a summary of what you ordered. We will let you know as soon as the payment is confirmed.",
    "es-AR": "¡Gracias por tu compra! Este es el resumen de lo que pediste. Te vamos a avisar apenas se confirme el pago.",
  },

  notice_payment_pending_subject: { es: "Cómo pagar tu compra en {shop}", en: "How to pay for your purchase at {shop}" },
  notice_payment_pending_deadline: {
    es: "Tu pedido queda apartado hasta entonces; si el pago no llega a tiempo, la compra se cancela.",
    en: "Your order is held until then; if the payment does not arrive in time, the purchase is cancelled.",
  },
  notice_pay_cash: {
    es: "Para completar tu compra, paga en efectivo en una tienda de conveniencia con la referencia {reference} antes del {deadline}.",
    en: "To complete your purchase, pay in cash at a convenience store with reference {reference} before {deadline}.",
    "es-AR": "Para completar tu compra, pagá en efectivo en una tienda de conveniencia con la referencia {reference} antes del {deadline}.",
  },
  notice_pay_spei: {
    es: "Para completar tu compra, haz una transferencia SPEI a la CLABE {clabe} con la referencia {reference} antes del {deadline}.",
    en: "To complete your purchase, make a SPEI transfer to CLABE {clabe} with reference {reference} before {deadline}.",
    "es-AR": "Para completar tu compra, hacé una transferencia SPEI a la CLABE {clabe} con la referencia {reference} antes del {deadline}.",
  },
  notice_pay_crypto: {
    es: "Para completar tu compra, envía el equivalente de {amount} en criptomonedas a la dirección {reference} antes del {deadline}.",
    en: "To complete your purchase, send the equivalent of {amount} in cryptocurrency to address {reference} before {deadline}.",
    "es-AR": "Para completar tu compra, enviá el equivalente de {amount} en criptomonedas a la dirección {reference} antes del {deadline}.",
  },

  notice_purchase_paid_subject: { es: "Tu pago fue confirmado", en: "Your payment was confirmed" },
  notice_purchase_paid_intro: {
    es: "¡Listo! Confirmamos el pago de tu compra en {shop}. Ya avisamos a quien prepara tu pedido y te escribiremos cuando avance.",
    en: "All set! We confirmed the payment for your purchase at {shop}. The seller knows, and we will write as your order moves along.",
    "es-AR":
      "¡Listo! Confirmamos el pago de tu compra en {shop}. Ya le avisamos a quien prepara tu pedido y te vamos a escribir cuando avance.",
  },

  notice_supplier_paid_subject: { es: "Nuevo pedido pagado #{number}", en: "New paid order #{number}" },
  notice_supplier_paid_intro: {
    es: "Tienes un pedido nuevo y ya pagado en {shop}. Confírmalo con la fecha estimada de entrega para que tu cliente sepa cuándo llega.",
    en: "You have a new, already paid order at {shop}. Confirm it with the estimated delivery date so your customer knows when it arrives.",
    "es-AR":
      "Tenés un pedido nuevo y ya pagado en {shop}. Confirmalo con la fecha estimada de entrega para que tu cliente sepa cuándo llega.",
  },

  notice_confirmed_subject: { es: "Tu pedido #{number} fue confirmado", en: "Your order #{number} was confirmed" },
  notice_confirmed_intro: {
    es: "{supplier} confirmó tu pedido. La fecha estimada de entrega es el {date}.",
    en: "{supplier} confirmed your order. The estimated delivery date is {date}.",
  },
  notice_on_the_way_subject: { es: "Tu pedido #{number} está en camino", en: "Your order #{number} is on its way" },
  notice_on_the_way_intro: { es: "¡Tu pedido ya va en camino!", en: "Your order is on its way!" },
  notice_on_the_way_tracking: {
    es: "Paquetería: {courier}. Número de guía: {tracking}.",
    en: "Courier: {courier}. Tracking number: {tracking}.",
  },
  notice_delivered_subject: { es: "Tu pedido #{number} fue entregado", en: "Your order #{number} was delivered" },
  notice_delivered_intro: {
    es: "Tu pedido fue entregado. ¡Esperamos que lo disfrutes! Si algo no está bien, escríbenos desde tu compra.",
    en: "Your order was delivered. We hope you enjoy it! If something is not right, write to us from your purchase.",
    "es-AR": "Tu pedido fue entregado. ¡Esperamos que lo disfrutes! Si algo no está bien, escribinos desde tu compra.",
  },
  notice_canceled_by_supplier_subject: { es: "Tu pedido #{number} fue cancelado", en: "Your order #{number} was cancelled" },
  notice_canceled_by_supplier_intro: {
    es: "{supplier} canceló tu pedido. Motivo: {reason}. Te reembolsaremos lo que pagaste por este pedido.",
    en: "{supplier} cancelled your order. Reason: {reason}. We will refund what you paid for this order.",
    "es-AR": "{supplier} canceló tu pedido. Motivo: {reason}. Te vamos a reembolsar lo que pagaste por este pedido.",
  },
  notice_canceled_by_customer_subject: { es: "El cliente canceló el pedido #{number}", en: "The customer cancelled order #{number}" },
  notice_canceled_by_customer_intro: {
    es: "El cliente canceló este pedido antes de que lo confirmaras. Ya no necesitas prepararlo; el importe se le reembolsa.",
    en: "The customer cancelled this order before you confirmed it. You no longer need to prepare it; the amount is refunded to them.",
    "es-AR": "El cliente canceló este pedido antes de que lo confirmaras. Ya no necesitás prepararlo; el importe se le reembolsa.",
  },

  notice_order_heading: { es: "Pedido #{number} · {supplier}", en: "Order #{number} · {supplier}" },
  notice_line: { es: "{quantity} × {name}", en: "{quantity} × {name}" },
  notice_subtotal: { es: "Subtotal", en: "Subtotal" },
  notice_shipping: { es: "Envío", en: "Shipping" },
  notice_total: { es: "Total", en: "Total" },
  notice_download_terms: {
    es: "El enlace vence el {date}; te quedan {left} de {max} descargas.",
    en: "The link expires on {date}; {left} of {max} downloads left.",
  },
  notice_view_purchase: { es: "Ver mi compra", en: "View my purchase" },
  notice_view_order: { es: "Ver el pedido", en: "View the order" },
  notice_footer: {
    es: "Recibes este mensaje por una compra en {shop}.",
    en: "You are receiving this message about a purchase at {shop}.",
    "es-AR": "Recibís este mensaje por una compra en {shop}.",
  },
} satisfies MessageGroup;
