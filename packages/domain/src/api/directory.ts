import { listOf } from "../schemas/common";
import { businessView, businessesQuery, networkProductsQuery } from "../schemas/directory";
import { productView } from "../schemas/product";
import { endpoint } from "./endpoint";

/** The business network ('Red comercial'): businesses and their products. */
export const directoryApi = {
  businesses: endpoint({
    method: "GET",
    path: "/directory/businesses",
    tags: ["directory"],
    summary: "Businesses of the network, most stocked first",
    query: businessesQuery,
    response: listOf(businessView),
  }),
  products: endpoint({
    method: "GET",
    path: "/directory/products",
    tags: ["directory"],
    summary: "Published items of every business, with a text search filter",
    query: networkProductsQuery,
    response: listOf(productView),
  }),
};
