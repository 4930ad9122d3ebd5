import type { Locale } from "@tianguis/domain/locale";
import { translate } from "@tianguis/domain/messages/index";
import { type ShopFacts, type ShopPageKey, defaultShopPage, shopPageKeys } from "@tianguis/domain/rules/shop-pages";
import type { ShopPageView, contactMessageBody, shopPageBody } from "@tianguis/domain/schemas/shop-page";
import type { z } from "zod";
import type { AppContext } from "../../context";
import type { SessionUser } from "../../http/sessions";
import { recordEvent, transactionWithEvents } from "../../events/bus";
import { type ShopRow, requireShopAdmin, requireShopBySlug } from "../shops/service";
import { type ShopPageRow, deleteShopPage, selectOwnerContact, selectShopPages, upsertShopPage } from "./queries";

/**
 * A shop's info pages and contact form (storefront-and-admin §2, store footer: acerca, contacto, copyright, terms,
 * privacidad). The one owner of the shop_pages table. A page the owner never edited has no row and shows the default
 * text of rules/shop-pages.ts, built afresh from the shop's current data in the visitor's language, so a renamed shop
 * or a new contact e-mail shows up at once.
 */

async function shopFacts(ctx: AppContext, shop: ShopRow): Promise<ShopFacts & { ownerEmail: string | null; ownerPhone: string | null }> {
  const owner = await selectOwnerContact(ctx.db, shop.ownerId);
  const phone = shop.contactPhone ? `${shop.contactCountryCode ? `+${shop.contactCountryCode} ` : ""}${shop.contactPhone}` : null;
  return {
    name: shop.name,
    email: shop.contactEmail ?? owner?.email ?? null,
    phone,
    address: null,
    url: `/tienda/${shop.slug}`,
    year: ctx.clock.now().getFullYear(),
    ownerEmail: owner?.email ?? null,
    ownerPhone: owner?.phone ?? null,
  };
}

function pageView(page: ShopPageKey, row: ShopPageRow | undefined, locale: Locale, facts: ShopFacts): ShopPageView {
  if (row) return { page, title: row.title, body: row.body, is_default: false, updated_at: row.updatedAt.toISOString() };
  return { page, ...defaultShopPage(page, locale, facts), is_default: true, updated_at: null };
}

export async function listShopPages(ctx: AppContext, slug: string, locale: Locale): Promise<{ results: ShopPageView[] }> {
  const shop = await requireShopBySlug(ctx.db, slug);
  const [rows, facts] = await Promise.all([selectShopPages(ctx.db, shop.id), shopFacts(ctx, shop)]);
  return {
    results: shopPageKeys.map((page) =>
      pageView(
        page,
        rows.find((row) => row.page === page),
        locale,
        facts,
      ),
    ),
  };
}

export async function getShopPage(ctx: AppContext, slug: string, page: ShopPageKey, locale: Locale): Promise<ShopPageView> {
  const shop = await requireShopBySlug(ctx.db, slug);
  const [rows, facts] = await Promise.all([selectShopPages(ctx.db, shop.id), shopFacts(ctx, shop)]);
  return pageView(
    page,
    rows.find((row) => row.page === page),
    locale,
    facts,
  );
}

/** The owner's (or a shop admin's) text; the body schema has already removed markup. */
export async function saveShopPage(
  ctx: AppContext,
  slug: string,
  page: ShopPageKey,
  user: SessionUser | null,
  input: z.output<typeof shopPageBody>,
): Promise<ShopPageView> {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const row = await upsertShopPage(ctx.db, { shopId: shop.id, page, title: input.title, body: input.body, now: ctx.clock.now() });
  return { page, title: row.title, body: row.body, is_default: false, updated_at: row.updatedAt.toISOString() };
}

export async function resetShopPage(
  ctx: AppContext,
  slug: string,
  page: ShopPageKey,
  user: SessionUser | null,
  locale: Locale,
): Promise<ShopPageView> {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  await deleteShopPage(ctx.db, shop.id, page);
  return pageView(page, undefined, locale, await shopFacts(ctx, shop));
}

/**
 * The contacto form: an e-mail to the shop (its contact e-mail, else its owner's) in the owner's language, with the
 * visitor's address to answer to; an owner registered by phone only gets it as an SMS. The message itself is the event
 * `contact.message_received`: the contacts module keeps it in the person's conversation and rings the owner's bell
 * (commerce-and-accounts §2 'Alerts targets': CRM new_message / new_contact). A filled honeypot is accepted and dropped,
 * so a bot learns nothing. The rate limits sit in front of this (routes.ts).
 */
export async function sendContactMessage(
  ctx: AppContext,
  slug: string,
  input: z.output<typeof contactMessageBody>,
  user: SessionUser | null = null,
): Promise<{ sent: true }> {
  const shop = await requireShopBySlug(ctx.db, slug);
  if (input.website?.trim()) {
    ctx.log.info({ shop: shop.slug }, "contact form honeypot filled; message dropped");
    return { sent: true };
  }
  const facts = await shopFacts(ctx, shop);
  const owner = await selectOwnerContact(ctx.db, shop.ownerId);
  const locale: Locale = owner?.locale ?? "es";
  const vars = { shop: shop.name, name: input.name, email: input.email, phone: input.phone || "—", message: input.message };
  const body = translate(locale, "contact_email_body", vars);
  await transactionWithEvents(ctx, (tx) =>
    recordEvent(
      tx,
      {
        type: "contact.message_received",
        payload: {
          shop_id: shop.id,
          user_id: user?.id ?? null,
          name: input.name,
          email: input.email,
          phone: input.phone?.trim() || null,
          message: input.message,
        },
      },
      ctx.clock.now(),
    ),
  );
  const to = facts.email;
  if (to) {
    await ctx.notifier.send({ channel: "email", to, subject: translate(locale, "contact_email_subject", vars), body });
  } else if (facts.ownerPhone) {
    await ctx.notifier.send({ channel: "sms", to: facts.ownerPhone, body: body.slice(0, 600) });
  }
  return { sent: true };
}
