import type { MessageGroup } from "./types";

/** Shop info pages and the contact form (storefront-and-admin §2, store footer links). */
export const shopPageMessages = {
  shop_page_title_too_long: { es: "El título admite hasta 150 caracteres", en: "The title allows up to 150 characters" },
  shop_page_body_too_long: { es: "El texto admite hasta 20,000 caracteres", en: "The text allows up to 20,000 characters" },
  contact_name_too_long: { es: "El nombre admite hasta 150 caracteres", en: "The name allows up to 150 characters" },
  contact_message_too_long: { es: "El mensaje admite hasta 2000 caracteres", en: "The message allows up to 2000 characters" },
  contact_rate_limited: {
    es: "Has enviado demasiados mensajes, intenta de nuevo más tarde",
    en: "You have sent too many messages, please try again later",
    "es-AR": "Enviaste demasiados mensajes, intentá de nuevo más tarde",
  },
  contact_form_title: { es: "Contacto", en: "Contact" },
  contact_intro: {
    es: "Escríbenos y te responderemos a tu correo lo antes posible.",
    en: "Write to us and we will answer to your e-mail as soon as we can.",
    "es-AR": "Escribinos y te vamos a responder a tu correo lo antes posible.",
  },
  contact_name: { es: "Nombre", en: "Name" },
  contact_form_email: { es: "Correo electrónico", en: "E-mail" },
  contact_form_phone: { es: "Teléfono (opcional)", en: "Phone (optional)" },
  contact_message: { es: "Mensaje", en: "Message" },
  contact_website: { es: "No llenes este campo", en: "Leave this field empty", "es-AR": "No completes este campo" },
  contact_send: { es: "Enviar mensaje", en: "Send message" },
  contact_sent: {
    es: "Mensaje enviado. La tienda te responderá a tu correo.",
    en: "Message sent. The shop will answer to your e-mail.",
  },
  contact_email_subject: { es: "Nuevo mensaje de contacto en {shop}", en: "New contact message at {shop}" },
  contact_email_body: {
    es: "{name} te escribió desde la página Contacto de {shop}.\n\nCorreo: {email}\nTeléfono: {phone}\n\n{message}\n\nResponde directamente a {email}.",
    en: "{name} wrote to you from the Contact page of {shop}.\n\nE-mail: {email}\nPhone: {phone}\n\n{message}\n\nAnswer directly to {email}.",
    "es-AR":
      "{name} te escribió desde la página Contacto de {shop}.\n\nCorreo: {email}\nTeléfono: {phone}\n\n{message}\n\nRespondé directamente a {email}.",
  },
  shop_pages_title: { es: "Páginas de la tienda", en: "Shop pages" },
  shop_pages_intro: {
    es: "Edita los textos que tus visitantes ven en el pie de página. Mientras no los edites, se muestra un texto predeterminado con los datos de tu tienda.",
    en: "Edit the texts your visitors see from the footer. Until you edit them, a default text with your shop's data is shown.",
    "es-AR":
      "Editá los textos que tus visitantes ven en el pie de página. Mientras no los edites, se muestra un texto predeterminado con los datos de tu tienda.",
  },
  shop_page_title_label: { es: "Título", en: "Title" },
  shop_page_body_label: { es: "Texto", en: "Text" },
  shop_page_body_help: {
    es: "Separa los párrafos con una línea en blanco. Las direcciones web y de correo se convierten en enlaces.",
    en: "Separate paragraphs with a blank line. Web and e-mail addresses become links.",
    "es-AR": "Separá los párrafos con una línea en blanco. Las direcciones web y de correo se convierten en enlaces.",
  },
  shop_page_default_badge: { es: "Texto predeterminado", en: "Default text" },
  shop_page_edited_badge: { es: "Editado", en: "Edited" },
  shop_page_save: { es: "Guardar", en: "Save" },
  shop_page_saved: { es: "Página guardada", en: "Page saved" },
  shop_page_reset: { es: "Restablecer texto predeterminado", en: "Restore the default text" },
  shop_page_reset_done: { es: "Se restableció el texto predeterminado", en: "The default text was restored" },
  shop_page_view: { es: "Ver página", en: "View page" },
  shop_page_description: {
    es: "{title} de {shop}",
    en: "{title} of {shop}",
  },
  // The platform's own /terms, beside the sections in accounts.ts (terms_intro … terms_privacy).
  terms_payments: {
    es: "Pagos: Tianguis procesa los pagos con tarjeta, transferencia y efectivo a nombre de cada tienda; el cobro aparece con el nombre de la tienda o de Tianguis.",
    en: "Payments: Tianguis processes card, transfer and cash payments on behalf of each shop; the charge shows the shop's or Tianguis's name.",
  },
  terms_content: {
    es: "Contenido: no se permite publicar productos ilegales, falsificados o que infrinjan derechos de terceros. Podemos retirar contenido y deshabilitar tiendas que incumplan estas condiciones.",
    en: "Content: illegal or counterfeit products, or products that infringe third-party rights, may not be published. We may remove content and disable shops that break these terms.",
  },
  terms_liability: {
    es: "Responsabilidad: Tianguis ofrece la plataforma; la relación de compraventa es entre tú y la tienda. Cada tienda publica su propio aviso de privacidad y sus términos de venta en su pie de página.",
    en: "Liability: Tianguis provides the platform; the sale is between you and the shop. Each shop publishes its own privacy notice and terms of sale in its footer.",
    "es-AR":
      "Responsabilidad: Tianguis ofrece la plataforma; la relación de compraventa es entre vos y la tienda. Cada tienda publica su propio aviso de privacidad y sus términos de venta en su pie de página.",
  },
  terms_changes: {
    es: "Cambios: podemos actualizar estas condiciones; te avisaremos por correo o al iniciar sesión antes de que entren en vigor.",
    en: "Changes: we may update these terms; we will tell you by e-mail or when you sign in before they take effect.",
  },
  terms_law: {
    es: "Ley aplicable: estas condiciones se rigen por las leyes de los Estados Unidos Mexicanos, incluida la Ley Federal de Protección al Consumidor.",
    en: "Governing law: these terms are governed by the laws of Mexico, including the Federal Consumer Protection Law.",
  },
} satisfies MessageGroup;
