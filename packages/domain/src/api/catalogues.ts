import { z } from "zod";
import {
  catalogueDeleted,
  catalogueDuplicate,
  catalogueInput,
  catalogueMove,
  catalogueProductAdd,
  catalogueProductAdded,
  catalogueProductMoved,
  catalogueUpdate,
  catalogueView,
  cataloguePageQuery,
  inStoreView,
  productMove,
  shortLinkInput,
  shortLinkView,
} from "../schemas/catalogue";
import { listOf } from "../schemas/common";
import { productView } from "../schemas/product";
import { endpoint } from "./endpoint";

const tags = ["catalogues"];
const shopParams = z.object({ slug: z.string() });
const catalogueParams = z.object({ slug: z.string(), id: z.string() });
const shopProductParams = shopParams.extend({ productId: z.string().uuid() });

/** Catalogues of a shop and their items, 'in my store' for resold items, and short links for sharing. */
export const cataloguesApi = {
  list: endpoint({
    method: "GET",
    path: "/shops/:slug/catalogues",
    tags,
    summary: "A shop's catalogues by position",
    params: shopParams,
    query: cataloguePageQuery,
    response: listOf(catalogueView),
  }),
  get: endpoint({
    method: "GET",
    path: "/shops/:slug/catalogues/:id",
    tags,
    summary: "One catalogue by id or slug",
    params: catalogueParams,
    response: catalogueView,
  }),
  products: endpoint({
    method: "GET",
    path: "/shops/:slug/catalogues/:id/products",
    tags,
    summary: "Items of a catalogue by queue_position",
    params: catalogueParams,
    query: cataloguePageQuery,
    response: listOf(productView).extend({ catalogue: z.string() }),
  }),
  create: endpoint({
    method: "POST",
    path: "/shops/:slug/catalogues",
    tags,
    summary: "Create a catalogue",
    params: shopParams,
    body: catalogueInput,
    response: catalogueView,
    status: 201,
  }),
  duplicate: endpoint({
    method: "POST",
    path: "/shops/:slug/catalogues/duplicate",
    tags,
    summary: "Duplicate a catalogue (origin_id or origin_slug); level 2 only",
    params: shopParams,
    body: catalogueDuplicate,
    response: catalogueView,
    status: 201,
  }),
  update: endpoint({
    method: "PATCH",
    path: "/shops/:slug/catalogues/:id",
    tags,
    summary: "Rename or change the photo",
    params: catalogueParams,
    body: catalogueUpdate,
    response: catalogueView,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/shops/:slug/catalogues/:id",
    tags,
    summary: "Delete a catalogue",
    params: catalogueParams,
    response: catalogueDeleted,
  }),
  move: endpoint({
    method: "POST",
    path: "/shops/:slug/catalogues/:id/move",
    tags,
    summary: "Reorder: move the catalogue to a zero-based position",
    params: catalogueParams,
    body: catalogueMove,
    response: listOf(catalogueView),
  }),
  addProduct: endpoint({
    method: "POST",
    path: "/shops/:slug/catalogues/:id/products",
    tags,
    summary: "Add an item to the catalogue",
    params: catalogueParams,
    body: catalogueProductAdd,
    response: catalogueProductAdded,
    status: 201,
  }),
  removeProduct: endpoint({
    method: "DELETE",
    path: "/shops/:slug/catalogues/:id/products/:productId",
    tags,
    summary: "Remove an item from the catalogue",
    params: catalogueParams.extend({ productId: z.string().uuid() }),
    response: z.null(),
    status: 204,
  }),
  moveProduct: endpoint({
    method: "POST",
    path: "/shops/:slug/catalogues/:id/products/move",
    tags,
    summary: "Position update: queue_position (zero-based) and product",
    params: catalogueParams,
    body: productMove,
    response: catalogueProductMoved,
  }),
  inShop: endpoint({
    method: "GET",
    path: "/shops/:slug/store-products/:productId",
    tags,
    summary: "Is the item in my store?",
    params: shopProductParams,
    response: inStoreView,
  }),
  addToShop: endpoint({
    method: "POST",
    path: "/shops/:slug/store-products",
    tags,
    summary: "Add an item to my store",
    params: shopParams,
    body: catalogueProductAdd,
    response: inStoreView,
    status: 201,
  }),
  removeFromShop: endpoint({
    method: "DELETE",
    path: "/shops/:slug/store-products/:productId",
    tags,
    summary: "Remove an item from my store",
    params: shopProductParams,
    response: inStoreView,
  }),
  createShortLink: endpoint({
    method: "POST",
    path: "/shops/:slug/short-links",
    tags,
    summary: "Short link for sharing (name, url, state)",
    params: shopParams,
    body: shortLinkInput,
    response: shortLinkView,
    status: 201,
  }),
};

/** Following a short link answers a 302 redirect to the page, so it is declared apart from the JSON endpoints. */
export const followShortLink = {
  method: "GET",
  path: "/short-links/:code",
  tags,
  summary: "Follow a short link (302 to the shared page)",
  params: z.object({ code: z.string() }),
} as const;
