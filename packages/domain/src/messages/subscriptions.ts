import type { MessageGroup } from "./types";

/**
 * Subscriptions: the prompt, the 'Tarjeta Bancaria' modal, billing and their alerts (commerce-and-accounts §2, §4, §8).
 * Spanish texts the spec quotes are kept word for word.
 */
export const subscriptionMessages = {
  subscription_charge_not_found: { es: "No encontramos este cobro de suscripción", en: "We could not find this subscription charge" },
  subscription_charge_not_refundable: {
    es: "Este cobro no es una mensualidad pagada: no hay nada que reembolsar",
    en: "This charge is not a paid monthly charge: there is nothing to refund",
  },
  subscription_refund_failed: {
    es: "La pasarela no aceptó el reembolso; el cobro sigue pagado. Intenta de nuevo más tarde",
    en: "The gateway did not accept the refund; the charge is still paid. Please try again later",
    "es-AR": "La pasarela no aceptó el reembolso; el cobro sigue pagado. Intentá de nuevo más tarde",
  },
  // The platform admin's refund screen (/plataforma/tiendas/{slug}/suscripcion)
  platform_subscription_link: { es: "Suscripción", en: "Subscription" },
  platform_subscription_title: { es: "Suscripción de {shop}", en: "{shop}'s subscription" },
  platform_subscription_back: { es: "Volver a las tiendas", en: "Back to the shops" },
  platform_subscription_owner: { es: "Suscriptor: {owner}", en: "Subscriber: {owner}" },
  platform_subscription_none: {
    es: "{owner} no tiene suscripción: no hay cobros mensuales que reembolsar.",
    en: "{owner} has no subscription: there are no monthly charges to refund.",
  },
  platform_subscription_summary: { es: "Suscripción actual", en: "Current subscription" },
  platform_subscription_period: { es: "Periodo actual: {from} – {to}", en: "Current period: {from} – {to}" },
  platform_charges_title: { es: "Cobros de suscripción", en: "Subscription charges" },
  platform_charges_empty: { es: "Aún no hay cobros", en: "No charges yet" },
  platform_charges_empty_text: {
    es: "Los cobros de la tarjeta del suscriptor aparecerán aquí.",
    en: "The charges to the subscriber's card will show here.",
  },
  platform_refund_action: { es: "Reembolsar", en: "Refund" },
  platform_refund_title: { es: "Reembolsar {amount}", en: "Refund {amount}" },
  platform_refund_money: {
    es: "Se devolverán {amount} a la tarjeta {card} de {owner} por el periodo {from} – {to}.",
    en: "{amount} will go back to {owner}'s card {card} for the period {from} – {to}.",
  },
  platform_refund_running: {
    es: "Es el periodo en curso: la suscripción termina ahora y la tienda pasa al plan gratuito.",
    en: "This is the running period: the subscription ends now and the shop moves to the free plan.",
  },
  platform_refund_past: {
    es: "Ese periodo ya terminó: la suscripción sigue como está.",
    en: "That period is over: the subscription stays as it is.",
  },
  platform_refund_commission: {
    es: "Si un promotor cobró el 15 % de este pago, su comisión se revierte y se descuenta de su monedero.",
    en: "If a promoter earned 15 % of this payment, the commission is reversed and taken from their wallet.",
  },
  platform_refund_reason: { es: "Motivo del reembolso", en: "Reason for the refund" },
  platform_refund_reason_hint: {
    es: "Entre 3 y 200 caracteres; el promotor lo verá en su monedero",
    en: "3 to 200 characters; the promoter sees it in their wallet",
  },
  platform_refund_reason_short: {
    es: "Escribe el motivo (al menos 3 caracteres)",
    en: "Write the reason (at least 3 characters)",
    "es-AR": "Escribí el motivo (al menos 3 caracteres)",
  },
  platform_refund_done: { es: "Reembolsamos {amount} a {owner}", en: "We refunded {amount} to {owner}" },
  // Server codes
  card_in_use: {
    es: "No puedes eliminar la tarjeta seleccionada ni tu única tarjeta",
    en: "You cannot delete the selected card or your only card",
    "es-AR": "No podés eliminar la tarjeta seleccionada ni tu única tarjeta",
  },
  card_not_found: { es: "La tarjeta no existe", en: "The card does not exist" },
  card_token_invalid: {
    es: "No pudimos leer la tarjeta, vuelve a cargarla",
    en: "We could not read the card, please enter it again",
    "es-AR": "No pudimos leer la tarjeta, volvé a cargarla",
  },
  card_delete_failed: {
    es: "Ha ocurrido un error, por favor intenta de nuevo",
    en: "An error has occurred, please try again",
    "es-AR": "Ha ocurrido un error, por favor intentá de nuevo",
  },
  card_undo_expired: { es: "Ya no se puede deshacer", en: "It can no longer be undone" },
  plan_not_offered: { es: "Ese plan no está disponible para tu cuenta", en: "That plan is not available to your account" },
  subscription_not_found: { es: "No tienes una suscripción", en: "You have no subscription", "es-AR": "No tenés una suscripción" },
  subscription_not_cancelable: { es: "La suscripción ya está cancelada", en: "The subscription is already canceled" },
  charge_not_found: { es: "El cobro no existe", en: "The charge does not exist" },

  // Alerts and e-mails
  subscription_trial_started: {
    es: "Comenzó tu prueba gratis de {plan}: {days} días",
    en: "Your free trial of {plan} started: {days} days",
  },
  subscription_charged: { es: "Cobramos {amount} de {plan}", en: "We charged {amount} for {plan}" },
  subscription_charge_needs_3ds: {
    es: "Tu banco pide confirmar el cobro de {amount} de {plan}: {url}",
    en: "Your bank asks you to confirm the {amount} charge for {plan}: {url}",
  },
  subscription_charge_failed: {
    es: "No pudimos cobrar {amount} de {plan}; lo intentaremos de nuevo el {date}",
    en: "We could not charge {amount} for {plan}; we will try again on {date}",
  },
  subscription_expired: {
    es: "Tu suscripción a {plan} venció. Reactívala cuando quieras",
    en: "Your {plan} subscription expired. Reactivate it whenever you want",
    "es-AR": "Tu suscripción a {plan} venció. Reactivala cuando quieras",
  },
  subscription_canceled: {
    es: "Cancelaste tu suscripción a {plan}; la conservas hasta el {date}",
    en: "You canceled your {plan} subscription; you keep it until {date}",
    "es-AR": "Cancelaste tu suscripción a {plan}; la conservás hasta el {date}",
  },
  subscription_reactivated: { es: "Reactivaste tu suscripción a {plan}", en: "You reactivated your {plan} subscription" },
  subscription_plan_changed: {
    es: "Tu plan cambiará a {plan} con el próximo cobro",
    en: "Your plan will change to {plan} with the next charge",
  },
  subscription_email_subject: { es: "Novedades de tu suscripción", en: "News about your subscription" },

  // Prompt
  subscription_prompt_title: { es: "Haz crecer tu tienda", en: "Grow your store", "es-AR": "Hacé crecer tu tienda" },
  subscription_prompt_start_trial: {
    es: "Comienza ahora {days} días de prueba de {plan}",
    en: "Start now {days} trial days of {plan}",
    "es-AR": "Empezá ahora {days} días de prueba de {plan}",
  },
  subscription_prompt_subscribe: { es: "Suscríbete a {plan}", en: "Subscribe to {plan}", "es-AR": "Suscribite a {plan}" },
  subscription_prompt_setup_card: {
    es: "Configura tu tarjeta para seguir con {plan} al terminar la prueba",
    en: "Set up your card to keep {plan} when the trial ends",
    "es-AR": "Configurá tu tarjeta para seguir con {plan} al terminar la prueba",
  },
  subscription_prompt_change_plan: { es: "Cámbiate a {plan}", en: "Change to {plan}", "es-AR": "Cambiate a {plan}" },
  subscription_prompt_reactivate: { es: "Reactiva {plan}", en: "Reactivate {plan}", "es-AR": "Reactivá {plan}" },
  subscription_prompt_price: { es: "{price} al mes", en: "{price} a month" },
  subscription_action_start_trial: { es: "Comenzar prueba", en: "Start trial", "es-AR": "Empezar prueba" },
  subscription_action_subscribe: { es: "Suscribirme", en: "Subscribe" },
  subscription_action_setup_card: { es: "Configurar tarjeta", en: "Set up card" },
  subscription_action_change_plan: { es: "Cambiar de plan", en: "Change plan" },
  subscription_action_reactivate: { es: "Reactivar", en: "Reactivate" },
  subscription_installed: { es: "Listo, tu plan quedó activo", en: "Done, your plan is active" },
  subscription_prompt_dismiss: { es: "Ocultar", en: "Hide" },

  // Subscription page
  subscription_page_title: { es: "Mi suscripción", en: "My subscription" },
  subscription_menu_link: { es: "Mi suscripción", en: "My subscription" },
  subscription_current_plan: { es: "Plan actual", en: "Current plan" },
  subscription_state_free: { es: "Gratis", en: "Free" },
  subscription_state_in_trial: { es: "En prueba", en: "In trial" },
  subscription_state_incomplete: { es: "Esperando tarjeta", en: "Waiting for a card" },
  subscription_state_active: { es: "Activa", en: "Active" },
  subscription_state_past_due: { es: "Pago pendiente", en: "Payment due" },
  subscription_state_expired: { es: "Vencida", en: "Expired" },
  subscription_trial_ends: { es: "Tu prueba termina el {date}", en: "Your trial ends on {date}" },
  subscription_next_charge: { es: "Próximo cobro: {amount} el {date}", en: "Next charge: {amount} on {date}" },
  subscription_canceled_until: { es: "Cancelada; conservas el plan hasta el {date}", en: "Canceled; you keep the plan until {date}" },
  subscription_pending_plan: { es: "Cambiará a {plan} con el próximo cobro", en: "Changes to {plan} with the next charge" },
  subscription_card_on_file: { es: "Tarjeta: {brand} •••• {last4}", en: "Card: {brand} •••• {last4}" },
  subscription_no_card: { es: "Sin tarjeta", en: "No card" },
  subscription_manage_cards: { es: "Tarjeta bancaria", en: "Bank card" },
  subscription_cancel: { es: "Cancelar suscripción", en: "Cancel subscription" },
  subscription_cancel_confirm: {
    es: "¿Cancelar tu suscripción? Conservas el plan hasta el {date}.",
    en: "Cancel your subscription? You keep the plan until {date}.",
  },
  subscription_keep: { es: "Conservar", en: "Keep it" },
  subscription_confirm_3ds: { es: "Confirmar el cobro con tu banco", en: "Confirm the charge with your bank" },
  subscription_3ds_pending: {
    es: "Tu banco pide confirmar el último cobro.",
    en: "Your bank asks you to confirm the last charge.",
  },
  subscription_returned_3ds: { es: "Recibimos la respuesta de tu banco", en: "We received your bank's answer" },
  subscription_plans_title: { es: "Planes", en: "Plans" },
  subscription_plan_trial_days: { es: "{days} días de prueba", en: "{days} trial days" },
  subscription_membership_source_signup: { es: "Instalado al registrarte", en: "Installed at sign-up" },
  subscription_membership_source_subscription: { es: "Suscripción mensual", en: "Monthly subscription" },
  subscription_membership_source_package: { es: "Paquete", en: "Package" },

  // Billing history and receipts
  billing_history_title: { es: "Historial de cobros", en: "Billing history" },
  billing_empty: { es: "Aún no hay cobros", en: "No charges yet", "es-AR": "Todavía no hay cobros" },
  billing_date: { es: "Fecha", en: "Date" },
  billing_concept: { es: "Concepto", en: "Concept" },
  billing_amount: { es: "Monto", en: "Amount" },
  billing_status: { es: "Estado", en: "Status" },
  billing_receipt: { es: "Recibo", en: "Receipt" },
  billing_kind_recurring: { es: "{plan} · {from} – {to}", en: "{plan} · {from} – {to}" },
  billing_kind_validation: { es: "Validación de tarjeta", en: "Card validation" },
  billing_status_processing: { es: "Procesando", en: "Processing" },
  billing_status_requires_action: { es: "Requiere confirmación", en: "Needs confirmation" },
  billing_status_retrying: { es: "Reintentando", en: "Retrying" },
  billing_status_succeeded: { es: "Pagado", en: "Paid" },
  billing_status_failed: { es: "Rechazado", en: "Declined" },
  billing_status_refunded: { es: "Reembolsado", en: "Refunded" },
  receipt_title: { es: "Recibo {number}", en: "Receipt {number}" },
  receipt_paid_at: { es: "Pagado el {date}", en: "Paid on {date}" },
  receipt_card: { es: "{brand} •••• {last4}", en: "{brand} •••• {last4}" },
  receipt_print: { es: "Imprimir", en: "Print" },
  receipt_back: { es: "Volver a mi suscripción", en: "Back to my subscription" },

  // 'Tarjeta Bancaria' modal (§2, §8)
  card_modal_title: { es: "Tarjeta Bancaria", en: "Bank card" },
  card_modal_list_label: { es: "Tarjetas guardadas", en: "Saved cards" },
  card_modal_add: { es: "Cargar otra tarjeta", en: "Add another card" },
  card_modal_save: { es: "Guardar cambios", en: "Save changes" },
  card_modal_close: { es: "Cerrar sin guardar", en: "Close without saving" },
  card_modal_frame_title: { es: "Formulario seguro de la tarjeta", en: "Secure card form" },
  card_modal_expiry: { es: "Vence {month}/{year}", en: "Expires {month}/{year}" },
  card_modal_delete: { es: "Eliminar tarjeta {brand} •••• {last4}", en: "Delete card {brand} •••• {last4}" },
  card_modal_deleting: { es: "Eliminando tarjeta •••• {last4}", en: "Deleting card •••• {last4}" },
  card_modal_undo: { es: "Deshacer", en: "Undo" },
  card_modal_validation_note: {
    es: "Haremos un cargo de validación de $10 MXN que te devolvemos en menos de 48 horas.",
    en: "We make a $10 MXN validation charge, given back within 48 hours.",
  },
  card_saved: { es: "Tarjeta guardada", en: "Card saved" },
  card_updated: { es: "Tarjeta actualizada", en: "Card updated" },
  card_select_required: { es: "Selecciona una tarjeta", en: "Select a card", "es-AR": "Seleccioná una tarjeta" },
} satisfies MessageGroup;
