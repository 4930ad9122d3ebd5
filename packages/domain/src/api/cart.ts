import { z } from "zod";
import { cartItemsBody, cartLineInput, cartView } from "../schemas/cart";
import { endpoint } from "./endpoint";

const slugParams = z.object({ slug: z.string() });

/** The cart per shop: signed-in carts live on the server; anonymous browser carts are priced by `quote`. */
export const cartApi = {
  get: endpoint({
    method: "GET",
    path: "/shops/:slug/cart",
    tags: ["cart"],
    summary: "The signed-in customer's cart in this shop, per supplier",
    params: slugParams,
    response: cartView,
  }),
  setQuantity: endpoint({
    method: "PUT",
    path: "/shops/:slug/cart/items",
    tags: ["cart"],
    summary: "Set an item's quantity (cart rules apply)",
    params: slugParams,
    body: cartLineInput,
    response: cartView,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/shops/:slug/cart/items/:productId",
    tags: ["cart"],
    summary: "Remove an item",
    params: slugParams.extend({ productId: z.string().uuid() }),
    response: cartView,
  }),
  merge: endpoint({
    method: "POST",
    path: "/shops/:slug/cart/merge",
    tags: ["cart"],
    summary: "Merge an anonymous browser cart at login",
    params: slugParams,
    body: cartItemsBody,
    response: cartView,
  }),
  quote: endpoint({
    method: "POST",
    path: "/shops/:slug/cart/quote",
    tags: ["cart"],
    summary: "Price an anonymous browser cart with current prices and stock",
    params: slugParams,
    body: cartItemsBody,
    response: cartView,
  }),
};
