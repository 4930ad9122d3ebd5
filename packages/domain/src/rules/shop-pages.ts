import type { Locale } from "../locale";

/**
 * A shop's info pages (storefront-and-admin §2: store footer links acerca, contacto, copyright, terms, privacidad under
 * the store path). Every shop has the four text pages from the day it opens: until the owner edits one, it shows a
 * default built from the shop's own data. The privacy notice carries the elements the Mexican data-protection law
 * (LFPDPPP, art. 15-16) asks of an 'aviso de privacidad': who is responsible and where, what data and for what, the
 * ARCO rights and how to exercise them, transfers, and how changes are announced.
 */
export const shopPageKeys = ["acerca", "privacidad", "terms", "copyright"] as const;
export type ShopPageKey = (typeof shopPageKeys)[number];

/** What the default texts are built from. */
export interface ShopFacts {
  name: string;
  /** Where the shop answers: its contact e-mail, else its owner's. */
  email: string | null;
  /** Display form, e.g. '+52 5512345678'. */
  phone: string | null;
  address: string | null;
  /** The storefront's URL or path, e.g. https://demo.tianguis.mx or /tienda/demo. */
  url: string;
  year: number;
}

export const shopPageTitleMax = 150;
export const shopPageBodyMax = 20_000;
export const contactMessageMax = 2000;

type Texts = Record<ShopPageKey, { title: string; body: string }>;

function contactLine(facts: ShopFacts, words: { email: string; phone: string; none: string }): string {
  const parts = [facts.email && `${words.email}: ${facts.email}`, facts.phone && `${words.phone}: ${facts.phone}`].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : words.none;
}

function spanish(facts: ShopFacts, voseo: boolean): Texts {
  const v = (tu: string, vos: string) => (voseo ? vos : tu);
  const contact = contactLine(facts, { email: "Correo", phone: "Teléfono", none: "el formulario de la página Contacto" });
  const address = facts.address ? `con domicilio en ${facts.address}` : "con domicilio que se indica a solicitud del titular";
  return {
    acerca: {
      title: `Acerca de ${facts.name}`,
      body: [
        `${facts.name} es una tienda en línea en Tianguis. Aquí encontrarás nuestros productos, servicios y experiencias.`,
        `${v("Puedes", "Podés")} comprar con los medios de pago que aceptamos y seguir ${v("tu", "tu")} pedido desde "Mis compras".`,
        `¿Dudas? ${v("Escríbenos", "Escribinos")} desde la página Contacto. ${contact}`,
      ].join("\n\n"),
    },
    privacidad: {
      title: "Aviso de privacidad",
      body: [
        `Responsable: ${facts.name}, ${address}, es responsable del tratamiento de ${v("tus", "tus")} datos personales. Contacto: ${contact}.`,
        "Datos que recabamos: nombre, correo electrónico, teléfono, domicilio de entrega y los datos de tus compras. No recabamos datos personales sensibles.",
        "Finalidades principales: procesar y entregar tus pedidos, cobrar, emitir comprobantes, atender devoluciones y responder tus mensajes. Finalidades secundarias: enviarte promociones y encuestas; si no deseas que tus datos se usen para ellas, indícalo por correo y no será motivo para negarte el servicio.",
        `Derechos ARCO: ${v("tienes", "tenés")} derecho a Acceder a tus datos, Rectificarlos, Cancelarlos u Oponerte a su uso, así como a revocar tu consentimiento. ${v("Envía", "Enviá")} tu solicitud a ${facts.email ?? "nuestro contacto"} con tu nombre, un medio para responderte, una copia de tu identificación y la descripción de lo que pides; te responderemos en un plazo máximo de 20 días hábiles.`,
        "Transferencias: solo compartimos tus datos con quien los necesita para cumplir tu pedido (paquetería, procesadores de pago y la plataforma Tianguis, que aloja la tienda) y con autoridades cuando la ley lo exige; estas transferencias no requieren tu consentimiento según el artículo 37 de la Ley Federal de Protección de Datos Personales en Posesión de los Particulares.",
        `Cambios: cualquier cambio a este aviso se publicará en esta misma página (${facts.url}/privacidad).`,
      ].join("\n\n"),
    },
    terms: {
      title: "Términos y condiciones de venta",
      body: [
        `Estos términos aplican a las compras hechas en ${facts.name} (${facts.url}).`,
        "Precios: todos los precios se muestran en la moneda de la tienda e incluyen impuestos salvo que se indique otra cosa. El precio que pagas es el que aparece al confirmar tu compra.",
        "Pagos: el pedido se confirma cuando recibimos el pago por alguno de los medios aceptados.",
        "Envíos: el costo y el tiempo estimado se muestran antes de pagar; te avisaremos cuando tu pedido vaya en camino.",
        `Devoluciones: ${v("puedes", "podés")} solicitar una devolución dentro de las 72 horas posteriores a recibir tu pedido desde "Mis compras"; el reembolso se hace por el mismo medio de pago.`,
        `Contacto: ${contact}.`,
      ].join("\n\n"),
    },
    copyright: {
      title: "Derechos de autor",
      body: [
        `© ${facts.year} ${facts.name}. Todos los derechos reservados.`,
        "Los textos, fotografías, logotipos y demás contenidos de esta tienda pertenecen a sus autores y no pueden copiarse ni usarse sin permiso.",
        `Si crees que algún contenido infringe tus derechos, ${v("escríbenos", "escribinos")} a ${facts.email ?? "nuestro contacto"} indicando la obra y dónde aparece, y lo revisaremos.`,
      ].join("\n\n"),
    },
  };
}

function english(facts: ShopFacts): Texts {
  const contact = contactLine(facts, { email: "E-mail", phone: "Phone", none: "the form on the Contact page" });
  const address = facts.address ? `located at ${facts.address}` : "whose address is given on request";
  return {
    acerca: {
      title: `About ${facts.name}`,
      body: [
        `${facts.name} is an online shop on Tianguis. Here you will find our products, services and experiences.`,
        'You can pay with the payment methods we accept and follow your order from "My purchases".',
        `Questions? Write to us from the Contact page. ${contact}`,
      ].join("\n\n"),
    },
    privacidad: {
      title: "Privacy notice",
      body: [
        `Responsible party: ${facts.name}, ${address}, is responsible for processing your personal data. Contact: ${contact}.`,
        "Data we collect: name, e-mail, phone, delivery address and the details of your purchases. We do not collect sensitive personal data.",
        "Main purposes: processing and delivering your orders, charging, issuing receipts, handling returns and answering your messages. Secondary purposes: sending you offers and surveys; if you do not want your data used for them, tell us by e-mail and we will not refuse you service for it.",
        `ARCO rights: you have the right to Access your data, Rectify it, Cancel it or Oppose its use, and to withdraw your consent. Send your request to ${facts.email ?? "our contact"} with your name, a way to answer you, a copy of your ID and a description of what you ask; we will answer within 20 business days.`,
        "Transfers: we share your data only with those who need it to fulfil your order (couriers, payment processors and the Tianguis platform, which hosts the shop) and with authorities when the law requires it; these transfers do not need your consent under article 37 of Mexico's Federal Law on the Protection of Personal Data Held by Private Parties.",
        `Changes: any change to this notice will be published on this page (${facts.url}/privacidad).`,
      ].join("\n\n"),
    },
    terms: {
      title: "Terms of sale",
      body: [
        `These terms apply to purchases made at ${facts.name} (${facts.url}).`,
        "Prices: all prices are shown in the shop's currency and include taxes unless stated otherwise. The price you pay is the one shown when you confirm your purchase.",
        "Payments: the order is confirmed once we receive the payment through one of the accepted methods.",
        "Shipping: the cost and the estimated time are shown before you pay; we will tell you when your order is on its way.",
        'Returns: you may request a return within 72 hours of receiving your order from "My purchases"; the refund goes back to the same payment method.',
        `Contact: ${contact}.`,
      ].join("\n\n"),
    },
    copyright: {
      title: "Copyright",
      body: [
        `© ${facts.year} ${facts.name}. All rights reserved.`,
        "The texts, photos, logos and other content of this shop belong to their authors and may not be copied or used without permission.",
        `If you believe some content infringes your rights, write to ${facts.email ?? "our contact"} naming the work and where it appears, and we will review it.`,
      ].join("\n\n"),
    },
  };
}

/** The text a page shows until its owner edits it, in the visitor's language. */
export function defaultShopPage(page: ShopPageKey, locale: Locale, facts: ShopFacts): { title: string; body: string } {
  const texts = locale === "en" ? english(facts) : spanish(facts, locale === "es-AR");
  return texts[page];
}

/**
 * An owner's text as stored: plain text only. Line breaks are normalised, control characters and HTML tags removed
 * (the page renders text and links, never markup), and runs of blank lines collapsed to one.
 */
export function cleanPageText(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/<\/?[a-z][^>]*>/gi, "")
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export type PageSegment = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

const linkPattern = /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)]|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)/g;

/**
 * A page's text as paragraphs (split at blank lines) of lines of segments: http(s) addresses and e-mail addresses become
 * links (mailto:), everything else stays text. Only these two schemes ever become an href, so no 'javascript:' link.
 */
export function pageParagraphs(text: string): PageSegment[][][] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "")
    .map((paragraph) => paragraph.split("\n").map(lineSegments));
}

function lineSegments(line: string): PageSegment[] {
  const segments: PageSegment[] = [];
  let last = 0;
  for (const match of line.matchAll(linkPattern)) {
    const index = match.index ?? 0;
    if (index > last) segments.push({ kind: "text", text: line.slice(last, index) });
    const found = match[0];
    segments.push({ kind: "link", text: found, href: found.includes("@") && !found.startsWith("http") ? `mailto:${found}` : found });
    last = index + found.length;
  }
  if (last < line.length) segments.push({ kind: "text", text: line.slice(last) });
  return segments;
}
