import { z } from "zod";
import { listOf } from "../schemas/common";
import {
  advisorOption,
  disableShopBody,
  heartbeatView,
  platformShopView,
  platformShopsQuery,
  shopDisablementView,
  shopSupportBody,
  shopSupportView,
} from "../schemas/support";
import { endpoint } from "./endpoint";

const slugParams = z.object({ slug: z.string().min(1).max(200) });

/**
 * Support for shop owners (commerce-and-accounts §2 'Advisor modal', §4 advisor online rule) and the disabled-shop
 * state a platform admin sets (issue 15; storefront-and-admin §2 /ayuda/proveedores/deshabilitado).
 */
export const supportApi = {
  shopSupport: endpoint({
    method: "GET",
    path: "/shops/:slug/support",
    tags: ["support"],
    summary: "The shop owner's advisor (phone, WhatsApp, e-mail, private chat, online) or the store's own support URL; owner or admin",
    params: slugParams,
    response: shopSupportView,
  }),
  disablement: endpoint({
    method: "GET",
    path: "/shops/:slug/disablement",
    tags: ["support"],
    summary: "Whether the shop is disabled and the reason the platform gave; owner, shop admin or platform admin",
    params: slugParams,
    response: shopDisablementView,
  }),
  heartbeat: endpoint({
    method: "POST",
    path: "/advisors/me/heartbeat",
    tags: ["support"],
    summary: "An advisor's open session reports itself; the advisor shows online for 5 minutes after the last one",
    response: heartbeatView,
  }),
  platformShops: endpoint({
    method: "GET",
    path: "/platform/shops",
    tags: ["support"],
    summary: "Every shop with its disabled state, reason and support settings, searchable by name or slug; platform admins",
    query: platformShopsQuery,
    response: listOf(platformShopView),
  }),
  advisors: endpoint({
    method: "GET",
    path: "/platform/advisors",
    tags: ["support"],
    summary: "The platform's advisors with their online state; platform admins",
    response: z.object({ results: z.array(advisorOption) }),
  }),
  disable: endpoint({
    method: "POST",
    path: "/platform/shops/:slug/disable",
    tags: ["support"],
    summary: "Disable a shop with a reason its owner reads; nothing can be bought from it until it is enabled; platform admins",
    params: slugParams,
    body: disableShopBody,
    response: platformShopView,
  }),
  enable: endpoint({
    method: "POST",
    path: "/platform/shops/:slug/enable",
    tags: ["support"],
    summary: "Enable a disabled shop again; platform admins",
    params: slugParams,
    response: platformShopView,
  }),
  updateSupport: endpoint({
    method: "PUT",
    path: "/platform/shops/:slug/support",
    tags: ["support"],
    summary: "Assign the shop's advisor and its franchise and affiliate support URLs; platform admins",
    params: slugParams,
    body: shopSupportBody,
    response: platformShopView,
  }),
};
