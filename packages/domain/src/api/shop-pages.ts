import { z } from "zod";
import { shopPageKeys } from "../rules/shop-pages";
import { contactMessageBody, contactMessageSent, shopPageBody, shopPageView } from "../schemas/shop-page";
import { endpoint } from "./endpoint";

const pageParams = z.object({ slug: z.string().min(1).max(200), page: z.enum(shopPageKeys) });

/**
 * A shop's info pages and contact form (storefront-and-admin §2, store footer: acerca, contacto, copyright, terms,
 * privacidad). Pages are public; the owner or a shop admin edits them and may return any of them to its default text.
 */
export const shopPagesApi = {
  list: endpoint({
    method: "GET",
    path: "/shops/:slug/pages",
    tags: ["shop-pages"],
    summary: "The shop's four info pages (acerca, privacidad, terms, copyright), each edited or default, in the request's locale",
    params: z.object({ slug: z.string().min(1).max(200) }),
    response: z.object({ results: z.array(shopPageView) }),
  }),
  get: endpoint({
    method: "GET",
    path: "/shops/:slug/pages/:page",
    tags: ["shop-pages"],
    summary: "One info page: the owner's text, or the default built from the shop's data in the request's locale",
    params: pageParams,
    response: shopPageView,
  }),
  update: endpoint({
    method: "PUT",
    path: "/shops/:slug/pages/:page",
    tags: ["shop-pages"],
    summary: "Save an info page's title and plain text (owner or shop admin); HTML tags are removed",
    params: pageParams,
    body: shopPageBody,
    response: shopPageView,
  }),
  reset: endpoint({
    method: "DELETE",
    path: "/shops/:slug/pages/:page",
    tags: ["shop-pages"],
    summary: "Return an info page to its default text (owner or shop admin)",
    params: pageParams,
    response: shopPageView,
  }),
  contact: endpoint({
    method: "POST",
    path: "/shops/:slug/contact",
    tags: ["shop-pages"],
    summary:
      "Send a message to the shop's owner by e-mail (name, e-mail, optional phone, message ≤ 2000 characters); " +
      "limited per address and per shop (429 contact_rate_limited)",
    params: z.object({ slug: z.string().min(1).max(200) }),
    body: contactMessageBody,
    response: contactMessageSent,
  }),
};
