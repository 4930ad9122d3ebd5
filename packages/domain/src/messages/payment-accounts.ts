import type { MessageGroup } from "./types";

/** A supplier's own payment provider accounts in 'Formas de pago' (issue #18). */
export const paymentAccountMessages = {
  // Production without a live provider (issue #32): the banner the shop's admins see on every page of the shop.
  payments_blocked_title: { es: "Tu tienda todavía no puede cobrar", en: "Your shop cannot take payments yet" },
  payments_blocked_text: {
    es: "Los pagos de prueba no funcionan en producción. Conecta tu cuenta de cobro (Stripe, Conekta, Openpay, PayPal, Mobbex o Aplazo), prueba la conexión y activa el cobro en vivo: mientras tanto tus clientes no pueden pagar sus compras.",
    en: "Test payments do not work in production. Connect your payment account (Stripe, Conekta, Openpay, PayPal, Mobbex or Aplazo), test the connection and switch to live: until then your customers cannot pay for their purchases.",
    "es-AR":
      "Los pagos de prueba no funcionan en producción. Conectá tu cuenta de cobro (Stripe, Conekta, Openpay, PayPal, Mobbex o Aplazo), probá la conexión y activá el cobro en vivo: mientras tanto tus clientes no pueden pagar sus compras.",
  },
  payments_blocked_link: { es: "Ir a Formas de pago", en: "Go to payment settings", "es-AR": "Ir a Formas de pago" },
  payment_account_not_found: {
    es: "Esta tienda no tiene conectada una cuenta de ese proveedor",
    en: "This shop has no account connected at that provider",
  },
  payment_account_merchant_required: {
    es: "Openpay necesita el ID de comercio",
    en: "Openpay needs the merchant id",
  },
  payment_live_needs_account: {
    es: "Para cobrar en vivo conecta y prueba al menos una cuenta de pagos",
    en: "To take live payments, connect and test at least one payment account",
    "es-AR": "Para cobrar en vivo conectá y probá al menos una cuenta de pagos",
  },
  payment_accounts_title: { es: "Cuentas de cobro", en: "Payment accounts" },
  payment_accounts_text: {
    es: "Conecta tus propias cuentas para recibir el dinero de tus ventas. Las llaves secretas se guardan cifradas y no se vuelven a mostrar.",
    en: "Connect your own accounts to receive the money from your sales. Secret keys are stored encrypted and never shown again.",
    "es-AR":
      "Conectá tus propias cuentas para recibir el dinero de tus ventas. Las llaves secretas se guardan cifradas y no se vuelven a mostrar.",
  },
  payment_mode_label: {
    es: "Cobrar con mis cuentas (en vivo)",
    en: "Charge with my accounts (live)",
    "es-AR": "Cobrar con mis cuentas (en vivo)",
  },
  payment_mode_sandbox: {
    es: "Modo de pruebas: la pasarela de pruebas de Tianguis cobra todas las formas de pago; no se mueve dinero real.",
    en: "Test mode: the Tianguis test gateway charges every method; no real money moves.",
  },
  payment_mode_live: {
    es: "En vivo: solo se ofrecen las formas de pago de las cuentas conectadas y probadas.",
    en: "Live: only the methods of connected, tested accounts are offered.",
  },
  payment_mode_saved: { es: "Modo de cobro guardado", en: "Payment mode saved" },
  provider_stripe: { es: "Stripe", en: "Stripe" },
  provider_conekta: { es: "Conekta", en: "Conekta" },
  provider_openpay: { es: "Openpay", en: "Openpay" },
  provider_paypal: { es: "PayPal", en: "PayPal" },
  provider_mobbex: { es: "Mobbex", en: "Mobbex" },
  provider_aplazo: { es: "Aplazo", en: "Aplazo" },
  account_status_untested: { es: "Sin probar", en: "Not tested" },
  account_status_connected: { es: "Conectada", en: "Connected" },
  account_status_failed: { es: "Con error", en: "Failing" },
  account_not_connected: { es: "Sin conectar", en: "Not connected" },
  account_connect: { es: "Conectar", en: "Connect" },
  account_replace_keys: { es: "Cambiar llaves", en: "Replace keys" },
  account_test: { es: "Probar conexión", en: "Test connection" },
  account_disconnect: { es: "Desconectar", en: "Disconnect" },
  account_save: { es: "Guardar llaves", en: "Save keys" },
  account_saved: {
    es: "Llaves guardadas; prueba la conexión",
    en: "Keys saved; test the connection",
    "es-AR": "Llaves guardadas; probá la conexión",
  },
  account_test_ok: { es: "Conexión correcta", en: "Connection works" },
  account_disconnected: { es: "Cuenta desconectada", en: "Account disconnected" },
  account_public_key: { es: "Llave pública", en: "Public key" },
  account_secret_key: { es: "Llave secreta", en: "Secret key" },
  account_webhook_secret: { es: "Secreto de webhooks", en: "Webhook secret" },
  account_merchant_id: { es: "ID de comercio", en: "Merchant id" },
  account_secret_hint: { es: "Llave secreta terminada en {last4}", en: "Secret key ending in {last4}" },
  account_webhook_url: { es: "Dirección para webhooks", en: "Webhook address" },
  account_methods: { es: "Formas de pago: {methods}", en: "Payment methods: {methods}" },
  account_checked_at: { es: "Probada el {date}", en: "Tested on {date}" },
  card_use: { es: "Usar esta tarjeta", en: "Use this card" },
  card_number: { es: "Número de tarjeta", en: "Card number" },
  card_holder: { es: "Nombre del titular", en: "Cardholder name" },
  card_expiry: { es: "Vencimiento (MM/AA)", en: "Expiry (MM/YY)" },
  card_cvc: { es: "CVC", en: "CVC" },
  card_number_invalid: { es: "Revisa el número de la tarjeta", en: "Check the card number", "es-AR": "Revisá el número de la tarjeta" },
  card_holder_invalid: {
    es: "El nombre solo puede llevar letras, espacios, puntos y guiones",
    en: "The name can only have letters, spaces, dots and hyphens",
  },
  card_expiry_invalid: { es: "Vencimiento inválido o pasado (MM/AA)", en: "Invalid or past expiry (MM/YY)" },
  card_cvc_invalid: { es: "El CVC tiene 3 o 4 dígitos", en: "The CVC has 3 or 4 digits" },
  device_session_invalid: {
    es: "No se pudo identificar este dispositivo para el pago con tarjeta; recarga la página",
    en: "This device could not be identified for the card payment; reload the page",
    "es-AR": "No se pudo identificar este dispositivo para el pago con tarjeta; recargá la página",
  },
  card_secure_note: {
    es: "Tus datos van directo a {provider}; la tienda solo recibe un código de la tarjeta.",
    en: "Your details go straight to {provider}; the shop only receives a code for the card.",
  },
  card_provider_unavailable: {
    es: "No fue posible cargar el formulario de tarjeta del proveedor; intenta más tarde o elige otra forma de pago",
    en: "The provider's card form could not be loaded; try later or choose another payment method",
    "es-AR": "No fue posible cargar el formulario de tarjeta del proveedor; intentá más tarde o elegí otra forma de pago",
  },
} satisfies MessageGroup;
