import { z } from "zod";
import { listOf } from "../schemas/common";
import { shopSettingsPatch } from "../schemas/shop-settings";
import { shopView } from "../schemas/shop";
import { endpoint } from "./endpoint";

const slugParams = z.object({ slug: z.string() });

/** Shops: the marketplace's featured shops, one shop by slug or by its canonical domain, and its settings. */
export const shopsApi = {
  featured: endpoint({
    method: "GET",
    path: "/shops",
    tags: ["shops"],
    summary: "Featured shops of the marketplace",
    query: z.object({ limit: z.coerce.number().int().min(1).max(50).default(12) }),
    response: listOf(shopView),
  }),
  get: endpoint({
    method: "GET",
    path: "/shops/:slug",
    tags: ["shops"],
    summary: "A shop with the requesting user's permissions on it",
    params: slugParams,
    response: shopView,
  }),
  byDomain: endpoint({
    method: "GET",
    path: "/shops/by-domain/:hostname",
    tags: ["shops"],
    summary: "The shop whose canonical domain is this host name",
    params: z.object({ hostname: z.string() }),
    response: shopView,
  }),
  update: endpoint({
    method: "PATCH",
    path: "/shops/:slug",
    tags: ["shop settings"],
    summary:
      "Shop editors: name, photo and shape, header background, colours (field + color1, alpha to 2 decimals), named theme, background gradient, social links, sections, columns, dark mode",
    params: slugParams,
    body: shopSettingsPatch,
    response: shopView,
  }),
};
