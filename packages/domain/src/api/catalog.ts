import { z } from "zod";
import { productPhotoMaxBytes, productPhotosMax } from "../rules/product-form";
import { listOf } from "../schemas/common";
import { productView } from "../schemas/product";
import { autocompleteQuery, categoryCount, productListingQuery, searchResult } from "../schemas/search";
import { endpoint } from "./endpoint";

const slugParams = z.object({ slug: z.string() });
const productParams = z.object({ slug: z.string(), id: z.string().uuid() });
/** The product form's fields, validated by the server's product rules (field errors as catalogue codes). */
const productBody = z.record(z.string(), z.unknown());

/** Catalog: a shop's items (listing, categories, one item), search, and the item editor with its photos. */
export const catalogApi = {
  listProducts: endpoint({
    method: "GET",
    path: "/shops/:slug/products",
    tags: ["catalog"],
    summary:
      "Items a shop shows (own and resold), by type, paginated, sorted and searched. q is a text query (terms joined with AND / OR, " +
      "`term*` for a prefix) over the Spanish full-text index; page is 1-based and wins over offset.",
    params: slugParams,
    query: productListingQuery,
    response: listOf(productView),
  }),
  categories: endpoint({
    method: "GET",
    path: "/shops/:slug/categories",
    tags: ["catalog"],
    summary: "Categories of a shop's items with their item counts, most populated first",
    params: slugParams,
    response: z.object({ results: z.array(categoryCount) }),
  }),
  shopProduct: endpoint({
    method: "GET",
    path: "/shops/:slug/products/:id",
    tags: ["catalog"],
    summary: "One item as this shop shows it (404 unless own or resold here)",
    params: productParams,
    response: productView,
  }),
  product: endpoint({
    method: "GET",
    path: "/products/:id",
    tags: ["catalog"],
    summary: "One public item by id",
    params: z.object({ id: z.string().uuid() }),
    response: productView,
  }),
  autocomplete: endpoint({
    method: "GET",
    path: "/search/autocomplete",
    tags: ["catalog"],
    summary: "Prefix search for the search panel: published items of one type, optionally in one shop",
    query: autocompleteQuery,
    response: z.object({ results: z.array(searchResult) }),
  }),
  create: endpoint({
    method: "POST",
    path: "/shops/:slug/products",
    tags: ["catalog"],
    summary: "Create an item (shop owner or admin only)",
    params: slugParams,
    body: productBody,
    response: productView,
    status: 201,
  }),
  editable: endpoint({
    method: "GET",
    path: "/shops/:slug/products/:id/edit",
    tags: ["catalog"],
    summary: "An item for its edit form (403 unless an admin of its owner shop)",
    params: productParams,
    response: productView,
  }),
  update: endpoint({
    method: "PATCH",
    path: "/shops/:slug/products/:id",
    tags: ["catalog"],
    summary: "Edit an item (admin of the owner shop only; 403 otherwise)",
    params: productParams,
    body: productBody,
    response: productView,
  }),
  addPhotos: endpoint({
    method: "POST",
    path: "/shops/:slug/products/:id/photos",
    tags: ["catalog"],
    summary:
      `Upload photos (multipart 'photos'; jpeg, png or svg, ≤ ${productPhotoMaxBytes} bytes each, ≤ ${productPhotosMax} per item); ` +
      "variants 400x300, 350x419 and large (WebP inside 800x800), original kept",
    params: productParams,
    response: productView,
  }),
  deletePhoto: endpoint({
    method: "DELETE",
    path: "/shops/:slug/products/:id/photos/:imageId",
    tags: ["catalog"],
    summary: "Delete one photo of an item",
    params: productParams.extend({ imageId: z.string().uuid() }),
    response: productView,
  }),
};
