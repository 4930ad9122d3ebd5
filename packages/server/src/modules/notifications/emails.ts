import type { Locale } from "@tianguis/domain/locale";
import { type MessageCode, type Vars, translate } from "@tianguis/domain/messages/index";
import { formatMoney, money } from "@tianguis/domain/money";
import { readableColor } from "@tianguis/domain/rules/color-contrast";
import { DOWNLOAD_LIMIT } from "@tianguis/domain/rules/digital-delivery";
import { opaqueColour } from "@tianguis/domain/rules/shop-theme";
import type { OutgoingMessage } from "../../adapters/notify/notifier";
import type { DownloadLink } from "../downloads/service";
import type { Contact, NoticeOrder, NoticePurchase } from "./queries";

/**
 * What each order notice says, in the recipient's language: a draft (subject, paragraphs, the orders it is about,
 * a link) rendered as an e-mail with text and HTML parts, or as a short SMS when only a phone is known. Pure: the
 * read model and the links come in, messages go out.
 */
export interface Draft {
  subject: string;
  paragraphs: string[];
  orders: NoticeOrder[];
  /** The purchase's totals, for messages about the whole purchase. */
  totals?: { subtotal: number; shippingCost: number; total: number };
  /** The bought digital items' links (absolute URLs), for the paid e-mail. */
  downloads?: DownloadLink[];
  action: { label: string; url: string };
}

type Text = (code: MessageCode, vars?: Vars) => string;

function texts(locale: Locale): Text {
  return (code, vars) => translate(locale, code, vars);
}

/** Intl tags and the time zone deadlines are shown in, per interface language. */
const regions: Record<Locale, { tag: string; timeZone: string }> = {
  es: { tag: "es-MX", timeZone: "America/Mexico_City" },
  en: { tag: "en-US", timeZone: "America/Mexico_City" },
  "es-AR": { tag: "es-AR", timeZone: "America/Argentina/Buenos_Aires" },
};

function formatDeadline(iso: string, locale: Locale): string {
  const { tag, timeZone } = regions[locale];
  const parts = { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short" } as const;
  return new Intl.DateTimeFormat(tag, { ...parts, timeZone }).format(new Date(iso));
}

/** A calendar date ('2026-03-14') as the recipient writes it; it names a day, not an instant. */
function formatDay(day: string, locale: Locale): string {
  return new Intl.DateTimeFormat(regions[locale].tag, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

function greeting(t: Text, name: string | null): string {
  return name ? t("notice_greeting", { name }) : t("notice_greeting_anonymous");
}

/** The summary sent right after checkout, before a payment method is chosen: it has no instructions to give. */
export function purchaseCreatedDraft(locale: Locale, purchase: NoticePurchase, url: string): Draft {
  const t = texts(locale);
  return {
    subject: t("notice_purchase_created_subject", { shop: purchase.shop.name }),
    paragraphs: [greeting(t, purchase.customer.name), t("notice_purchase_created_intro")],
    orders: purchase.orders,
    totals: purchase,
    action: { label: t("notice_view_purchase"), url },
  };
}

type Payment = NonNullable<NoticePurchase["payment"]>;

/** How to pay with cash at a store, a SPEI transfer or crypto; nothing for an incomplete reference. */
function paymentInstructions(t: Text, locale: Locale, purchase: NoticePurchase, payment: Payment): string | null {
  const { reference, clabe, deadline } = payment.details;
  if (!reference || !deadline) return null;
  const vars = { reference, deadline: formatDeadline(deadline, locale) };
  if (payment.method === "openpay_store" || payment.method === "conekta_oxxo") return t("notice_pay_cash", vars);
  if (payment.method === "openpay_bank" && clabe) return t("notice_pay_spei", { ...vars, clabe });
  if (payment.method === "tiendacrypto") {
    return t("notice_pay_crypto", { ...vars, amount: formatMoney(money(purchase.total, purchase.currency), locale) });
  }
  return null;
}

/**
 * How to pay an offline payment that still waits for the money, sent once the method is chosen (a bank transfer must
 * arrive within 1 hour, commerce-and-accounts §9); null once it was paid or failed, or when there is nothing to tell.
 */
export function paymentPendingDraft(locale: Locale, purchase: NoticePurchase, payment: Payment, url: string): Draft | null {
  const t = texts(locale);
  const instructions = payment.status === "pending" ? paymentInstructions(t, locale, purchase, payment) : null;
  if (!instructions) return null;
  return {
    subject: t("notice_payment_pending_subject", { shop: purchase.shop.name }),
    paragraphs: [greeting(t, purchase.customer.name), instructions, t("notice_payment_pending_deadline")],
    orders: purchase.orders,
    totals: purchase,
    action: { label: t("notice_view_purchase"), url },
  };
}

export function purchasePaidDraft(locale: Locale, purchase: NoticePurchase, url: string, downloads: DownloadLink[]): Draft {
  const t = texts(locale);
  return {
    subject: t("notice_purchase_paid_subject"),
    paragraphs: [greeting(t, purchase.customer.name), t("notice_purchase_paid_intro", { shop: purchase.shop.name })],
    orders: purchase.orders,
    totals: purchase,
    downloads,
    action: { label: t("notice_view_purchase"), url },
  };
}

export function supplierPaidDraft(locale: Locale, purchase: NoticePurchase, order: NoticeOrder, url: string): Draft {
  const t = texts(locale);
  return {
    subject: t("notice_supplier_paid_subject", { number: order.number }),
    paragraphs: [greeting(t, order.owner.name), t("notice_supplier_paid_intro", { shop: purchase.shop.name })],
    orders: [order],
    action: { label: t("notice_view_order"), url },
  };
}

/** The states a customer hears about after payment, and the one a supplier hears about; the rest send nothing. */
export type CustomerStep = "confirmed" | "on_the_way" | "delivered" | "canceled_by_supplier";

function stepParagraphs(t: Text, locale: Locale, step: CustomerStep, order: NoticeOrder): string[] {
  const supplier = order.supplier.name;
  switch (step) {
    case "confirmed": {
      const date = order.estimatedDeliveryDate ? formatDay(order.estimatedDeliveryDate, locale) : "—";
      return [t("notice_confirmed_intro", { supplier, date })];
    }
    case "on_the_way": {
      const tracking = order.courier && order.trackingNumber;
      return [
        t("notice_on_the_way_intro"),
        ...(tracking ? [t("notice_on_the_way_tracking", { courier: order.courier ?? "", tracking: order.trackingNumber ?? "" })] : []),
      ];
    }
    case "delivered":
      return [t("notice_delivered_intro")];
    case "canceled_by_supplier":
      return [t("notice_canceled_by_supplier_intro", { supplier, reason: order.cancelReason ?? "—" })];
  }
}

export function customerStepDraft(locale: Locale, purchase: NoticePurchase, order: NoticeOrder, step: CustomerStep, url: string): Draft {
  const t = texts(locale);
  return {
    subject: t(`notice_${step}_subject`, { number: order.number }),
    paragraphs: [greeting(t, purchase.customer.name), ...stepParagraphs(t, locale, step, order)],
    orders: [order],
    action: { label: t("notice_view_purchase"), url },
  };
}

export function canceledByCustomerDraft(locale: Locale, order: NoticeOrder, url: string): Draft {
  const t = texts(locale);
  return {
    subject: t("notice_canceled_by_customer_subject", { number: order.number }),
    paragraphs: [greeting(t, order.owner.name), t("notice_canceled_by_customer_intro")],
    orders: [order],
    action: { label: t("notice_view_order"), url },
  };
}

/** An e-mail (text and HTML) to the contact's address, or a short SMS to their phone; null when neither is known. */
export function renderMessage(
  given: Draft,
  to: Contact,
  shop: NoticePurchase["shop"],
  currency: string,
  test = false,
): OutgoingMessage | null {
  // A purchase paid through the sandbox moved no money: every e-mail about it opens saying it was a test (issue #32).
  const t = texts(to.locale);
  const draft = test ? { ...given, paragraphs: [t("order_test_hint"), ...given.paragraphs] } : given;
  if (to.email) {
    const view = { draft, locale: to.locale, shop, currency };
    return { channel: "email", to: to.email, subject: draft.subject, body: renderText(view), html: renderHtml(view) };
  }
  if (to.phone) return { channel: "sms", to: to.phone, body: `${shop.name}: ${draft.subject}. ${draft.action.url}` };
  return null;
}

interface View {
  draft: Draft;
  locale: Locale;
  shop: NoticePurchase["shop"];
  currency: string;
}

function amount(view: View, minor: number): string {
  return formatMoney(money(minor, view.currency), view.locale);
}

function totalRows(view: View, order: { subtotal: number; shippingCost: number; total: number }): [string, string][] {
  const t = texts(view.locale);
  return [
    [t("notice_subtotal"), amount(view, order.subtotal)],
    ...(order.shippingCost > 0 ? [[t("notice_shipping"), amount(view, order.shippingCost)] as [string, string]] : []),
    [t("notice_total"), amount(view, order.total)],
  ];
}

/** The 'Descargar {name}' links with when each stops working and how many downloads it has left. */
function downloadList(view: View) {
  const t = texts(view.locale);
  const links = (view.draft.downloads ?? []).map((link) => ({
    label: t("download_item", { name: link.name }),
    url: link.url,
    terms: t("notice_download_terms", {
      date: formatDeadline(link.expires_at, view.locale),
      left: link.downloads_left,
      max: DOWNLOAD_LIMIT,
    }),
  }));
  return { title: t("downloads_title"), links };
}

/** Each order with its lines, then the purchase's totals when the message is about the whole purchase. */
function summary(view: View) {
  const t = texts(view.locale);
  const orders = view.draft.orders.map((order) => ({
    heading: t("notice_order_heading", { number: order.number, supplier: order.supplier.name }),
    lines: order.items.map((item) => [t("notice_line", { quantity: item.quantity, name: item.name }), amount(view, item.total)]),
    totals: view.draft.totals ? [] : totalRows(view, order),
  }));
  return { orders, totals: view.draft.totals ? totalRows(view, view.draft.totals) : [] };
}

function renderText(view: View): string {
  const { orders, totals } = summary(view);
  const downloads = downloadList(view);
  const rows = (pairs: string[][], indent = "") => pairs.map(([label, value]) => `${indent}${label}: ${value}`);
  const blocks = [
    view.draft.paragraphs.join("\n\n"),
    ...(downloads.links.length
      ? [[downloads.title, ...downloads.links.map((link) => `${link.label}: ${link.url}\n  ${link.terms}`)].join("\n")]
      : []),
    ...orders.map((order) => [order.heading, ...rows(order.lines, "  "), ...rows(order.totals, "  ")].join("\n")),
    ...(totals.length ? [rows(totals).join("\n")] : []),
    `${view.draft.action.label}: ${view.draft.action.url}`,
    `— ${texts(view.locale)("notice_footer", { shop: view.shop.name })}`,
  ];
  return `${blocks.join("\n\n")}\n`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Inline styles: mail clients drop style sheets. */
const styles = {
  body: "margin:0;background:#f1f3f5;font-family:Arial,Helvetica,sans-serif;color:#1a1b1e",
  page: "padding:24px 12px",
  card: "max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden",
  header: "color:#ffffff;padding:20px 24px;font-size:20px;font-weight:bold",
  content: "padding:24px;font-size:15px;line-height:1.5",
  paragraph: "margin:0 0 16px",
  heading: "font-size:16px;margin:24px 0 8px",
  cell: "padding:4px 0",
  strong: "padding:4px 0;font-weight:bold",
  totals: "margin-top:16px;border-top:1px solid #dee2e6",
  download: "margin:0 0 4px",
  downloadLink: "font-weight:bold",
  downloadTerms: "margin:0 0 12px;color:#495057;font-size:13px",
  action: "margin:24px 0",
  button: "color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block",
  footer: "color:#495057;font-size:12px;margin:24px 0 0",
};

/** A full-width layout table (role presentation, so screen readers read it as text). */
function layoutTable(inner: string, style = ""): string {
  return `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="${style}">${inner}</table>`;
}

function amountRows(rows: string[][], style = styles.cell): string {
  const cell = (text: string, align = "left") => `<td align="${align}" style="${style}">${escapeHtml(text)}</td>`;
  return rows.map(([label, value]) => `<tr>${cell(label)}${cell(value, "right")}</tr>`).join("");
}

/** Each download as a link in the shop's colour, its expiry and downloads left beneath; nothing without downloads. */
function downloadsHtml(view: View, color: string): string {
  const { title, links } = downloadList(view);
  if (links.length === 0) return "";
  const anchor = (link: { label: string; url: string }) =>
    `<a href="${escapeHtml(link.url)}" style="color:${color};${styles.downloadLink}">${escapeHtml(link.label)}</a>`;
  const items = links.map(
    (link) => `<p style="${styles.download}">${anchor(link)}</p><p style="${styles.downloadTerms}">${escapeHtml(link.terms)}</p>`,
  );
  return `<h2 style="${styles.heading}">${escapeHtml(title)}</h2>${items.join("")}`;
}

/**
 * A single-column layout: the shop's name on its colour (darkened until white text reads on it), then the text. A
 * translucent shop colour is sent as it shows on white: mail clients may not read #rrggbbaa.
 */
function renderHtml(view: View): string {
  const { orders, totals } = summary(view);
  const color = readableColor(opaqueColour(view.shop.color ?? "#0f766e", "#ffffff"));
  const paragraph = (text: string, style = styles.paragraph) => `<p style="${style}">${escapeHtml(text)}</p>`;
  const orderTables = orders.map(
    (order) =>
      `<h2 style="${styles.heading}">${escapeHtml(order.heading)}</h2>` +
      layoutTable(amountRows(order.lines) + amountRows(order.totals, styles.strong)),
  );
  const { label, url } = view.draft.action;
  const content = [
    ...view.draft.paragraphs.map((text) => paragraph(text)),
    downloadsHtml(view, color),
    ...orderTables,
    totals.length ? layoutTable(amountRows(totals, styles.strong), styles.totals) : "",
    `<p style="${styles.action}"><a href="${escapeHtml(url)}" style="background:${color};${styles.button}">${escapeHtml(label)}</a></p>`,
    paragraph(texts(view.locale)("notice_footer", { shop: view.shop.name }), styles.footer),
  ].join("");
  const card = layoutTable(
    `<tr><td style="background:${color};${styles.header}">${escapeHtml(view.shop.name)}</td></tr>` +
      `<tr><td style="${styles.content}">${content}</td></tr>`,
    styles.card,
  );
  const head = `<head><meta charset="utf-8"><title>${escapeHtml(view.draft.subject)}</title></head>`;
  const page = layoutTable(`<tr><td align="center" style="${styles.page}">${card}</td></tr>`);
  return `<!doctype html><html lang="${view.locale}">${head}<body style="${styles.body}">${page}</body></html>`;
}
