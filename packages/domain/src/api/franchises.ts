import { z } from "zod";
import { listOf } from "../schemas/common";
import {
  adminFranchisesQuery,
  franchiseInStore,
  franchiseParams,
  franchiseView,
  inStoreBody,
  inStoreResults,
  publicFranchisesQuery,
  publishedFranchisesQuery,
} from "../schemas/franchise";
import { endpoint } from "./endpoint";

const shopParams = z.object({ slug: z.string().min(1).max(200) });

/**
 * Franchises and affinity stores of a franchise shop (commerce-and-accounts §2 'Franchise modal', §4, §7 'Picker,
 * catalogues, franchises'). The public list shows the listed stores visitors can reach; the shop admin manages the list.
 */
export const franchisesApi = {
  list: endpoint({
    method: "GET",
    path: "/shops/:slug/franchises",
    tags: ["franchises"],
    summary: "The public franchise and affinity stores a shop lists, by name (30 per page)",
    params: shopParams,
    query: publicFranchisesQuery,
    response: listOf(franchiseView),
  }),
  adminList: endpoint({
    method: "GET",
    path: "/shops/:slug/admin/franchises",
    tags: ["franchises"],
    summary: "Every store the shop lists, including non-public ones (shop admin; 10 per page)",
    params: shopParams,
    query: adminFranchisesQuery,
    response: listOf(franchiseView),
  }),
  published: endpoint({
    method: "GET",
    path: "/shops/:slug/franchises/published",
    tags: ["franchises"],
    summary: "The franchise modal's search: published franchise and affinity stores the shop may add, with in_store (shop admin)",
    params: shopParams,
    query: publishedFranchisesQuery,
    response: listOf(franchiseView),
  }),
  inStore: endpoint({
    method: "POST",
    path: "/shops/:slug/franchises/instore",
    tags: ["franchises"],
    summary: "Whether each of the given stores is listed in the shop, keyed by id (shop admin)",
    params: shopParams,
    body: inStoreBody,
    response: inStoreResults,
  }),
  add: endpoint({
    method: "PUT",
    path: "/shops/:slug/franchises/:franchiseId",
    tags: ["franchises"],
    summary: "Add a franchise or affinity store to a franchise shop (shop admin); adding twice keeps one entry",
    params: franchiseParams,
    response: franchiseInStore,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/shops/:slug/franchises/:franchiseId",
    tags: ["franchises"],
    summary: "Remove a store from the shop's franchises (shop admin); removing one that is not listed is not an error",
    params: franchiseParams,
    response: franchiseInStore,
  }),
};
