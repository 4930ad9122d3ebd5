import type { MessageGroup } from "./types";

/** Storefront texts: navigation, listings, product cards and detail pages. */
export const storefrontMessages = {
  nav_home: { es: "Inicio", en: "Home" },
  nav_products: { es: "Productos", en: "Products" },
  nav_services: { es: "Servicios", en: "Services" },
  nav_experiences: { es: "Experiencias", en: "Experiences" },
  nav_digital: { es: "Productos digitales", en: "Digital products" },
  nav_blogs: { es: "Blog", en: "Blog" },
  nav_franchises: { es: "Franquicias", en: "Franchises" },
  nav_contact: { es: "Contacto", en: "Contact" },
  nav_catalogues: { es: "Mis catálogos", en: "My catalogues" },
  free: { es: "Gratis", en: "Free" },
  offer: { es: "Oferta", en: "Offer" },
  save_amount: { es: "Ahorra: {amount}", en: "Save: {amount}", "es-AR": "Ahorrá: {amount}" },
  price_on_request: { es: "Precio a consultar", en: "Price on request" },
  sold_out: { es: "Agotado", en: "Sold out" },
  concluded: { es: "Concluido", en: "Concluded" },
  empty_listing: { es: "Todavía no hay nada aquí", en: "Nothing here yet" },
  empty_listing_text: { es: "Esta tienda aún no publica artículos en esta sección.", en: "This shop has not published items in this section yet." },
  shop_products_title: { es: "Lo más nuevo de la tienda", en: "New in this shop" },
  footer_about: { es: "Acerca de", en: "About" },
  footer_contact: { es: "Contacto", en: "Contact" },
  footer_copyright: { es: "Derechos de autor", en: "Copyright" },
  footer_terms: { es: "Términos y condiciones", en: "Terms and conditions" },
  footer_privacy: { es: "Aviso de privacidad", en: "Privacy notice" },
  footer_powered: { es: "Hecho con Tianguis", en: "Made with Tianguis" },
} satisfies MessageGroup;
