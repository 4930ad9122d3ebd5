import { z } from "zod";
import { listOf } from "../schemas/common";
import {
  bannerInput,
  bannerView,
  headerBannerInput,
  headerBannerView,
  merchandisingPageQuery,
  slideInput,
  slideView,
} from "../schemas/merchandising";
import { endpoint } from "./endpoint";

const tags = ["merchandising"];
const shopParams = z.object({ slug: z.string() });
const itemParams = z.object({ slug: z.string(), id: z.string().uuid() });

/** Public list (the visitor's audience), admin list, create, update and delete for one kind of merchandising. */
function kindApi<const K extends string, I extends z.ZodType, V extends z.ZodType>(kind: K, input: I, view: V) {
  const path = `/shops/:slug/${kind}` as `/shops/:slug/${K}`;
  const itemPath = `/shops/:slug/${kind}/:id` as `/shops/:slug/${K}/:id`;
  return {
    list: endpoint({
      method: "GET",
      path,
      tags,
      summary: `Public ${kind} for the visitor's audience`,
      params: shopParams,
      query: merchandisingPageQuery,
      response: listOf(view),
    }),
    adminList: endpoint({
      method: "GET",
      path: `/shops/:slug/admin/${kind}` as `/shops/:slug/admin/${K}`,
      tags,
      summary: `All ${kind} (shop admin)`,
      params: shopParams,
      query: merchandisingPageQuery,
      response: listOf(view),
    }),
    create: endpoint({
      method: "POST",
      path,
      tags,
      summary: "Create (shop admin)",
      params: shopParams,
      body: input,
      response: view,
      status: 201,
    }),
    update: endpoint({
      method: "PATCH",
      path: itemPath,
      tags,
      summary: "Update (shop admin)",
      params: itemParams,
      body: input,
      response: view,
    }),
    remove: endpoint({
      method: "DELETE",
      path: itemPath,
      tags,
      summary: "Delete (shop admin)",
      params: itemParams,
      response: z.null(),
      status: 204,
    }),
  };
}

/** Banners, header banners and carousel slides of a shop. */
export const merchandisingApi = {
  banners: kindApi("banners", bannerInput, bannerView),
  headers: kindApi("headers", headerBannerInput, headerBannerView),
  slides: kindApi("slides", slideInput, slideView),
};
