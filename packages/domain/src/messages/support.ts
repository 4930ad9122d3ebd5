import type { MessageGroup } from "./types";

/**
 * Support: the advisor modal (commerce-and-accounts §2), the help pages (/ayuda, /ayuda/proveedores/deshabilitado) and
 * the disabled-shop state set by platform admins (storefront-and-admin §2 'Disabled shop: warning alert with help link').
 */
export const supportMessages = {
  // Errors
  shop_disabled: {
    es: "Esta tienda está deshabilitada y no puede vender por ahora",
    en: "This shop is disabled and cannot sell for now",
  },
  shop_already_disabled: { es: "La tienda ya está deshabilitada", en: "The shop is already disabled" },
  shop_not_disabled: { es: "La tienda no está deshabilitada", en: "The shop is not disabled" },
  disable_reason_too_long: { es: "El motivo admite hasta 500 caracteres", en: "The reason allows up to 500 characters" },
  advisor_not_found: { es: "Ese asesor no existe", en: "That advisor does not exist" },

  // Disabled-shop warning
  shop_disabled_title: { es: "Tienda deshabilitada", en: "Shop disabled" },
  shop_disabled_visitor: {
    es: "Esta tienda está deshabilitada temporalmente: puedes ver sus productos, pero no es posible comprar en ella por ahora.",
    en: "This shop is temporarily disabled: you can look at its products, but buying from it is not possible for now.",
    "es-AR": "Esta tienda está deshabilitada temporalmente: podés ver sus productos, pero no es posible comprar en ella por ahora.",
  },
  shop_disabled_owner: {
    es: "La plataforma deshabilitó tu tienda: nadie puede comprar en ella hasta que se habilite de nuevo.",
    en: "The platform disabled your shop: nobody can buy from it until it is enabled again.",
    "es-AR": "La plataforma deshabilitó tu tienda: nadie puede comprar en ella hasta que se habilite de nuevo.",
  },
  shop_disabled_reason: { es: "Motivo: {reason}", en: "Reason: {reason}" },
  shop_disabled_since: { es: "Desde el {date}", en: "Since {date}" },
  shop_disabled_help: { es: "¿Qué significa y cómo se resuelve?", en: "What does it mean and how is it solved?" },
  shop_disabled_cart: {
    es: "No puedes comprar en esta tienda mientras esté deshabilitada.",
    en: "You cannot buy from this shop while it is disabled.",
    "es-AR": "No podés comprar en esta tienda mientras esté deshabilitada.",
  },

  // Advisor modal
  my_advisor: { es: "Mi asesor", en: "My advisor" },
  advisor_intro: {
    es: "Tu asesor te ayuda a configurar y hacer crecer tu tienda.",
    en: "Your advisor helps you set up and grow your shop.",
  },
  advisor_online: { es: "En línea", en: "Online" },
  advisor_offline: { es: "Desconectado", en: "Offline" },
  advisor_phone: { es: "Teléfono", en: "Phone" },
  advisor_whatsapp: { es: "Escribir por WhatsApp", en: "Message on WhatsApp" },
  advisor_email: { es: "Correo electrónico", en: "E-mail" },
  advisor_chat: { es: "Chat privado con tu asesor", en: "Private chat with your advisor" },
  advisor_none: {
    es: "Todavía no tienes un asesor asignado. Mientras tanto, el centro de ayuda responde las dudas más comunes.",
    en: "You have no advisor assigned yet. Meanwhile, the support centre answers the most common questions.",
    "es-AR": "Todavía no tenés un asesor asignado. Mientras tanto, el centro de ayuda responde las dudas más comunes.",
  },
  support_center: { es: "Centro de ayuda", en: "Support centre" },
  support_retry: { es: "Intentar de nuevo", en: "Try again", "es-AR": "Intentar de nuevo" },
  support_own_franchise: {
    es: "Tu franquicia tiene su propio equipo de soporte.",
    en: "Your franchise has its own support team.",
  },
  support_own_affiliate: {
    es: "Como afiliado, tu soporte está en la página de tu programa.",
    en: "As an affiliate, your support is on your programme's page.",
  },
  support_open_site: { es: "Ir al soporte", en: "Go to support" },
  support_load_error: {
    es: "No pudimos cargar tu asesor, intenta de nuevo",
    en: "We could not load your advisor, please try again",
    "es-AR": "No pudimos cargar tu asesor, intentá de nuevo",
  },

  // Shop support (contact) modal additions
  contact_page_link: { es: "Formulario de contacto", en: "Contact form" },
  contact_support_site: { es: "Soporte de la tienda", en: "Shop support" },

  // Platform admin
  platform_admin: { es: "Administración de la plataforma", en: "Platform administration" },
  platform_shops_title: { es: "Tiendas de la plataforma", en: "Platform shops" },
  platform_shops_search: { es: "Buscar por nombre o dirección", en: "Search by name or address" },
  platform_shops_state: { es: "Estado", en: "State" },
  platform_state_all: { es: "Todas", en: "All" },
  platform_state_enabled: { es: "Habilitadas", en: "Enabled" },
  platform_state_disabled: { es: "Deshabilitadas", en: "Disabled" },
  platform_shops_empty: { es: "No hay tiendas que coincidan", en: "No shops match" },
  platform_shops_empty_text: {
    es: "Prueba con otro nombre o dirección, o cambia el filtro de estado.",
    en: "Try another name or address, or change the state filter.",
    "es-AR": "Probá con otro nombre o dirección, o cambiá el filtro de estado.",
  },
  platform_shop_owner: { es: "Dueño: {owner}", en: "Owner: {owner}" },
  platform_shop_enabled: { es: "Habilitada", en: "Enabled" },
  platform_disable: { es: "Deshabilitar", en: "Disable" },
  platform_enable: { es: "Habilitar", en: "Enable" },
  platform_disable_title: { es: "Deshabilitar {shop}", en: "Disable {shop}" },
  platform_disable_reason: { es: "Motivo (lo leerá el dueño de la tienda)", en: "Reason (the shop's owner will read it)" },
  platform_disable_confirm: {
    es: "Nadie podrá comprar en la tienda hasta que la habilites de nuevo.",
    en: "Nobody will be able to buy from the shop until you enable it again.",
    "es-AR": "Nadie va a poder comprar en la tienda hasta que la habilites de nuevo.",
  },
  platform_disabled_done: { es: "Tienda deshabilitada", en: "Shop disabled" },
  platform_enabled_done: { es: "Tienda habilitada", en: "Shop enabled" },
  platform_support_edit: { es: "Soporte", en: "Support" },
  platform_support_title: { es: "Soporte de {shop}", en: "Support of {shop}" },
  platform_advisor: { es: "Asesor", en: "Advisor" },
  platform_advisor_none: { es: "Sin asesor", en: "No advisor" },
  platform_franchise_url: { es: "URL de soporte para franquicias", en: "Franchise support URL" },
  platform_affiliate_url: { es: "URL de soporte para afiliados", en: "Affiliate support URL" },
  platform_support_saved: { es: "Soporte guardado", en: "Support saved" },
  platform_forbidden: {
    es: "Esta página es solo para administradores de la plataforma.",
    en: "This page is for platform administrators only.",
  },

  // Alerts
  alert_shop_disabled: { es: "Tu tienda {shop} fue deshabilitada: {reason}", en: "Your shop {shop} was disabled: {reason}" },
  alert_shop_enabled: { es: "Tu tienda {shop} fue habilitada de nuevo", en: "Your shop {shop} was enabled again" },
  alert_contact_message: {
    es: "Nuevo mensaje de contacto de {name} ({email}) en {shop}",
    en: "New contact message from {name} ({email}) at {shop}",
  },

  // Help pages
  help_title: { es: "Centro de ayuda", en: "Support centre" },
  help_intro: {
    es: "Respuestas a las dudas más comunes de compradores, proveedores, franquicias y afiliados.",
    en: "Answers to the most common questions of buyers, suppliers, franchises and affiliates.",
  },
  help_buyers_title: { es: "Compras y pedidos", en: "Purchases and orders" },
  help_buyers_body: {
    es: "Tus compras están en Mis compras: ahí ves el estado de cada pedido, tus boletos y puedes pedir una devolución dentro de las 72 horas posteriores a la entrega cuando el producto la admite. Si algo no llegó como esperabas, escribe a la tienda desde su página de Contacto.",
    en: "Your purchases are in My purchases: there you see each order's state, your tickets, and you can ask for a return within 72 hours of delivery when the product allows it. If something did not arrive as expected, write to the shop from its Contact page.",
    "es-AR":
      "Tus compras están en Mis compras: ahí ves el estado de cada pedido, tus entradas y podés pedir una devolución dentro de las 72 horas posteriores a la entrega cuando el producto la admite. Si algo no llegó como esperabas, escribile a la tienda desde su página de Contacto.",
  },
  help_suppliers_title: { es: "Proveedores", en: "Suppliers" },
  help_suppliers_body: {
    es: "Configura tus métodos de pago en la configuración de tu tienda, publica productos desde Mis productos y atiende tus pedidos en Pedidos. Tu asesor te acompaña: ábrelo desde el menú de tu cuenta, en Mi asesor.",
    en: "Set up your payment methods in your shop's settings, publish products from My products and handle your orders in Orders. Your advisor is there to help: open it from your account menu, in My advisor.",
    "es-AR":
      "Configurá tus métodos de pago en la configuración de tu tienda, publicá productos desde Mis productos y atendé tus pedidos en Pedidos. Tu asesor te acompaña: abrilo desde el menú de tu cuenta, en Mi asesor.",
  },
  help_disabled_link: { es: "¿Por qué mi tienda está deshabilitada?", en: "Why is my shop disabled?" },
  help_franchises_title: { es: "Franquicias", en: "Franchises" },
  help_franchises_body: {
    es: "Las tiendas de franquicia reciben soporte de su franquiciante: en Mi asesor encuentras la dirección de su equipo de soporte. Desde tu tienda puedes agregar otras tiendas de franquicia y afinidad en Franquicias.",
    en: "Franchise shops are supported by their franchisor: My advisor shows the address of its support team. From your shop you can add other franchise and affinity stores in Franchises.",
    "es-AR":
      "Las tiendas de franquicia reciben soporte de su franquiciante: en Mi asesor encontrás la dirección de su equipo de soporte. Desde tu tienda podés agregar otras tiendas de franquicia y afinidad en Franquicias.",
  },
  help_affiliates_title: { es: "Afiliados", en: "Affiliates" },
  help_affiliates_body: {
    es: "Como afiliado revendes productos de proveedores y ganas la comisión de cada venta. Agrega productos desde el selector de tu tienda, comparte campañas y consulta tus ganancias en Mis ganancias.",
    en: "As an affiliate you resell suppliers' products and earn the commission of each sale. Add products from your shop's picker, share campaigns and see your earnings in My earnings.",
    "es-AR":
      "Como afiliado revendés productos de proveedores y ganás la comisión de cada venta. Agregá productos desde el selector de tu tienda, compartí campañas y consultá tus ganancias en Mis ganancias.",
  },
  help_contact_title: { es: "¿Necesitas más ayuda?", en: "Need more help?", "es-AR": "¿Necesitás más ayuda?" },
  help_contact_body: {
    es: "Escríbenos a {email} y te responderemos en un día hábil.",
    en: "Write to us at {email} and we will answer within one business day.",
    "es-AR": "Escribinos a {email} y te vamos a responder en un día hábil.",
  },
  help_disabled_title: { es: "Tiendas deshabilitadas", en: "Disabled shops" },
  help_disabled_intro: {
    es: "La plataforma puede deshabilitar una tienda para proteger a los compradores. Mientras está deshabilitada, sus páginas se pueden ver con un aviso, pero nadie puede comprar en ella y sus productos no se ofrecen a los revendedores.",
    en: "The platform may disable a shop to protect buyers. While it is disabled its pages can be seen with a warning, but nobody can buy from it and its products are not offered to resellers.",
  },
  help_disabled_why_title: { es: "¿Por qué se deshabilita una tienda?", en: "Why is a shop disabled?" },
  help_disabled_why_body: {
    es: "Por ejemplo: pedidos pagados sin enviar, reportes de compradores, productos que incumplen los términos de uso, o datos de pago o de identidad pendientes de verificar.",
    en: "For example: paid orders not shipped, reports from buyers, products that break the terms of use, or payment or identity details waiting to be verified.",
  },
  help_disabled_owner_title: { es: "Si es tu tienda", en: "If it is your shop" },
  help_disabled_owner_body: {
    es: "Entra a tu tienda con tu cuenta: el aviso muestra el motivo que escribió la plataforma. Resuélvelo y escribe a tu asesor (Mi asesor, en el menú de tu cuenta); cuando quede resuelto, la plataforma habilitará tu tienda de nuevo y podrás vender como antes. Los pedidos que ya estaban pagados siguen su curso.",
    en: "Open your shop signed in: the warning shows the reason the platform wrote. Solve it and write to your advisor (My advisor, in your account menu); once it is solved the platform enables your shop again and you can sell as before. Orders already paid carry on.",
    "es-AR":
      "Entrá a tu tienda con tu cuenta: el aviso muestra el motivo que escribió la plataforma. Resolvelo y escribile a tu asesor (Mi asesor, en el menú de tu cuenta); cuando quede resuelto, la plataforma va a habilitar tu tienda de nuevo y vas a poder vender como antes. Los pedidos que ya estaban pagados siguen su curso.",
  },
  help_disabled_buyer_title: { es: "Si eres comprador", en: "If you are a buyer", "es-AR": "Si sos comprador" },
  help_disabled_buyer_body: {
    es: "Tus compras anteriores siguen siendo válidas y las encuentras en Mis compras. Los productos de la tienda que tengas en el carrito no se pueden pagar hasta que la tienda vuelva a estar habilitada.",
    en: "Your earlier purchases remain valid and are in My purchases. The shop's products in your cart cannot be paid for until the shop is enabled again.",
    "es-AR":
      "Tus compras anteriores siguen siendo válidas y las encontrás en Mis compras. Los productos de la tienda que tengas en el carrito no se pueden pagar hasta que la tienda vuelva a estar habilitada.",
  },
  help_back: { es: "Volver al centro de ayuda", en: "Back to the support centre" },
} satisfies MessageGroup;
