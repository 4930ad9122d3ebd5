import type { MessageGroup } from "./types";

/**
 * Alerts (storefront-and-admin §2 'Alerts panel', commerce-and-accounts §3 'Alert', §4 'Alert pending becomes visited
 * on click; alerts load 10 at a time ... a 'Carga más' button'): the messages producers render per locale, and the
 * bell and drawer texts.
 */
export const alertMessages = {
  alert_order_paid_supplier: {
    es: "Nuevo pedido pagado #{order} de {customer} por {total}",
    en: "New paid order #{order} from {customer} for {total}",
  },
  alert_order_paid_customer: {
    es: "Tu pago del pedido #{order} en {shop} fue recibido",
    en: "Your payment for order #{order} at {shop} was received",
  },
  alert_order_state: {
    es: "Tu pedido #{order} en {shop} cambió a: {state}",
    en: "Your order #{order} at {shop} is now: {state}",
  },
  alert_return_requested: {
    es: "Se solicitó una devolución del pedido #{order}",
    en: "A return was requested for order #{order}",
    "es-AR": "Se pidió una devolución del pedido #{order}",
  },
  alert_return_accepted: { es: "Tu devolución del pedido #{order} fue aceptada", en: "Your return for order #{order} was accepted" },
  alert_return_rejected: { es: "Tu devolución del pedido #{order} fue rechazada", en: "Your return for order #{order} was rejected" },
  alert_return_closed: { es: "La devolución del pedido #{order} fue cerrada", en: "The return for order #{order} was closed" },
  alert_refund_issued: {
    es: "Se te reembolsaron {amount} del pedido #{order}",
    en: "You were refunded {amount} for order #{order}",
  },
  alert_review_new: {
    es: "Nueva opinión ({qualification}★) de tu producto {product}",
    en: "New review ({qualification}★) of your product {product}",
  },
  alert_commission_recorded: {
    es: "Ganaste una comisión de {amount} por el pedido #{order}",
    en: "You earned a {amount} commission on order #{order}",
  },
  alert_commission_available: {
    es: "Tu comisión de {amount} del pedido #{order} ya está disponible",
    en: "Your {amount} commission on order #{order} is now available",
    "es-AR": "Tu comisión de {amount} del pedido #{order} ya está disponible",
  },
  alerts_title: { es: "Alertas", en: "Alerts" },
  alerts_bell_label: { es: "Alertas, {count} pendientes", en: "Alerts, {count} pending" },
  alerts_bell_none: { es: "Alertas, ninguna pendiente", en: "Alerts, none pending" },
  alerts_load_more: { es: "Carga más", en: "Load more", "es-AR": "Cargá más" },
  alerts_empty: { es: "No tienes alertas", en: "You have no alerts", "es-AR": "No tenés alertas" },
  alerts_no_message: { es: "Sin mensaje", en: "No message" },
  alerts_load_error: { es: "No se pudieron cargar las alertas", en: "The alerts could not be loaded" },
  alerts_pending: { es: "Pendiente", en: "Pending" },
  alerts_stream_accept: {
    es: "Este recurso solo se sirve como text/event-stream",
    en: "This resource is only served as text/event-stream",
  },
  alert_not_found: { es: "Alerta no encontrada", en: "Alert not found" },
} satisfies MessageGroup;
