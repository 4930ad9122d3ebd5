import type { MessageGroup } from "./types";

/**
 * The seller's order pages (commerce-and-accounts §2 'Supplier order routes', §4 'Checkout and orders'): list filters,
 * detail sections, next-action and cancel dialogs, receipts and the printed purchase order. States, actions and field
 * names are in `orders.ts`.
 */
export const sellerOrderUiMessages = {
  orders_waiting_badge: { es: "{count} por confirmar", en: "{count} to confirm" },
  orders_filters: { es: "Filtros de pedidos", en: "Order filters" },
  orders_filters_toggle: { es: "Filtros", en: "Filters" },
  orders_filter_state: { es: "Estado", en: "State" },
  orders_filter_payment: { es: "Forma de pago", en: "Payment method" },
  orders_filter_delivery: { es: "Tipo de entrega", en: "Delivery type" },
  orders_filter_any: { es: "Todos", en: "All" },
  orders_clear_filters: { es: "Quitar filtros", en: "Clear filters" },
  orders_export_csv: { es: "Exportar CSV", en: "Export CSV" },
  orders_no_matches: { es: "Ningún pedido coincide con los filtros", en: "No orders match the filters" },
  orders_count: { es: "{count} pedidos", en: "{count} orders" },
  orders_count_one: { es: "1 pedido", en: "1 order" },
  order_col_number: { es: "Pedido", en: "Order" },
  order_col_date: { es: "Fecha", en: "Date" },
  order_col_updated: { es: "Última actualización", en: "Last update" },
  order_open: { es: "Ver pedido #{number}", en: "View order #{number}" },
  order_updated_at: { es: "Actualizado {date}", en: "Updated {date}" },

  order_progress: { es: "Progreso del pedido", en: "Order progress" },
  order_items: { es: "Artículos", en: "Items" },
  order_totals: { es: "Importes", en: "Amounts" },
  order_payment: { es: "Pago", en: "Payment" },
  paid_date: { es: "Fecha de pago", en: "Date paid" },
  order_dates: { es: "Fechas", en: "Dates" },
  order_shipment: { es: "Paquetería y guía", en: "Courier and tracking" },
  order_address: { es: "Dirección de entrega", en: "Delivery address" },
  order_receives: { es: "Recibe", en: "Receiver" },
  order_guest: { es: "Compra como invitado", en: "Guest purchase" },
  order_no_invoicing: { es: "El cliente no pidió factura", en: "The customer did not ask for an invoice" },
  unit_price: { es: "Precio unitario", en: "Unit price" },
  actor_accountant: { es: "Contador", en: "Accountant" },
  actor_qrreader: { es: "Lector QR", en: "QR reader" },

  order_next_title: { es: "{action} · pedido #{number}", en: "{action} · order #{number}" },
  order_next_fields_text: {
    es: "Completa estos datos; el cliente los verá en su pedido.",
    en: "Fill in these details; the customer will see them on the order.",
    "es-AR": "Completá estos datos; el cliente los verá en su pedido.",
  },
  shipping_cost_pesos: { es: "Costo de envío (pesos)", en: "Shipping cost (pesos)" },
  order_updated: { es: "Pedido actualizado", en: "Order updated" },
  order_cancel_text: {
    es: "Se reembolsará el pago al cliente y las piezas volverán al inventario. El cliente verá el motivo.",
    en: "The customer's payment will be refunded and the units returned to stock. The customer will see the reason.",
  },
  order_cancel_confirm: { es: "Cancelar pedido", en: "Cancel order" },
  order_cancel_keep: { es: "No cancelar", en: "Keep the order" },
  order_canceled: { es: "Pedido cancelado", en: "Order cancelled" },
  receipts: { es: "Recibos", en: "Receipts" },
  receipt_issue: { es: "Generar recibo", en: "Issue receipt" },
  receipt_issued: { es: "Recibo {number} generado", en: "Receipt {number} issued" },
  no_receipts: { es: "Todavía no hay recibos", en: "No receipts yet" },
  order_print: { es: "Imprimir", en: "Print" },
  purchase_order: { es: "Orden de compra", en: "Purchase order" },
  purchase_order_number: { es: "Orden de compra #{number}", en: "Purchase order #{number}" },
} satisfies MessageGroup;
