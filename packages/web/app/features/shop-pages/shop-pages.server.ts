import { shopPagesApi } from "@tianguis/domain/routes/shop-pages";
import { translate } from "@tianguis/domain/messages/index";
import { type ShopPageKey, shopPageKeys } from "@tianguis/domain/rules/shop-pages";
import { data, redirect } from "react-router";
import { callApi, load } from "../../lib/api/load.server";
import { isShopAdmin } from "../../lib/access";
import { requireShop } from "../../lib/shop.server";
import type { WebLoadContext } from "../../load-context";
import { signedInUser } from "../../lib/me.server";

/** {shop}/acerca, /privacidad, /terms, /copyright: the page named by the URL's last segment. */
export async function loadShopInfoPage(context: WebLoadContext, request: Request, params: { shopSlug?: string }) {
  const last =
    new URL(request.url).pathname
      .replace(/\.data$/, "")
      .replace(/\/$/, "")
      .split("/")
      .pop() ?? "";
  const key = (shopPageKeys as readonly string[]).includes(last) ? (last as ShopPageKey) : null;
  if (!key) throw data({ code: "not_found" }, { status: 404 });
  const shopContext = await requireShop(context, params);
  const page = await load(context, shopPagesApi.get, { params: { slug: shopContext.shop.slug, page: key } });
  return { ...shopContext, page };
}

export interface ContactResult {
  sent?: true;
  error?: string;
  fields?: Record<string, string>;
}

/** POST {shop}/contacto: the form's fields to the API; field errors and 'too many messages' come back translated. */
export async function contactAction(context: WebLoadContext, request: Request, params: { shopSlug?: string }) {
  const { shop } = await requireShop(context, params);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "");
  const body = {
    name: field("name"),
    email: field("email"),
    phone: field("phone") || undefined,
    message: field("message"),
    website: field("website") || undefined,
  };
  const response = await callApi(context, shopPagesApi.contact, { params: { slug: shop.slug }, body });
  if (response.status === 200) return { sent: true } satisfies ContactResult;
  const failure = response.data as { message?: string; fields?: Record<string, string> } | null;
  return data<ContactResult>(
    { error: failure?.message ?? translate(context.locale, "unknown"), fields: failure?.fields },
    { status: response.status },
  );
}

/** {shop}/admin/paginas: the four pages for the owner or a shop admin; visitors sign in first. */
export async function loadShopPagesAdmin(context: WebLoadContext, request: Request, params: { shopSlug?: string }) {
  const shopContext = await requireShop(context, params);
  if (!isShopAdmin(shopContext.shop)) {
    if (!(await signedInUser(context))) throw redirect(`/login?next=${encodeURIComponent(new URL(request.url).pathname)}`);
    throw data({ code: "forbidden" }, { status: 403 });
  }
  const list = await load(context, shopPagesApi.list, { params: { slug: shopContext.shop.slug } });
  return { ...shopContext, pages: list.results };
}

export interface PageEditResult {
  page: string;
  saved?: "saved" | "reset";
  error?: string;
  fields?: Record<string, string>;
}

/** POST {shop}/admin/paginas: intent 'save' (title, body) or 'reset' for one page. */
export async function shopPagesAdminAction(context: WebLoadContext, request: Request, params: { shopSlug?: string }) {
  const { shop } = await requireShop(context, params);
  const form = await request.formData();
  const page = String(form.get("page") ?? "");
  if (!(shopPageKeys as readonly string[]).includes(page)) throw data({ code: "not_found" }, { status: 404 });
  const key = page as ShopPageKey;
  const reset = form.get("intent") === "reset";
  const response = reset
    ? await callApi(context, shopPagesApi.reset, { params: { slug: shop.slug, page: key } })
    : await callApi(context, shopPagesApi.update, {
        params: { slug: shop.slug, page: key },
        body: { title: String(form.get("title") ?? ""), body: String(form.get("body") ?? "") },
      });
  if (response.status === 200) return { page, saved: reset ? "reset" : "saved" } satisfies PageEditResult;
  const failure = response.data as { message?: string; fields?: Record<string, string> } | null;
  return data<PageEditResult>(
    { page, error: failure?.message ?? translate(context.locale, "unknown"), fields: failure?.fields },
    { status: response.status },
  );
}
