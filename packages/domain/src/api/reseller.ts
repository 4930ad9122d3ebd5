import { z } from "zod";
import { listOf } from "../schemas/common";
import {
  accessDecision,
  accessRequestQuery,
  accessRequestView,
  bulkAddInput,
  bulkAddView,
  dropshippingPolicy,
  dssupplierQuery,
  dssupplierView,
  resaleCategory,
  resaleCategoryQuery,
  resaleSearchQuery,
  resaleSearchResult,
} from "../schemas/reseller";
import { endpoint } from "./endpoint";

const tags = ["reseller"];
const shopParams = z.object({ slug: z.string() });
const supplierParams = shopParams.extend({ supplierId: z.string().uuid() });
const resellerParams = shopParams.extend({ resellerId: z.string().uuid() });

/**
 * The reseller picker (commerce-and-accounts §2, §4, §7 'Picker, catalogues, franchises'): `:slug` is the reseller's
 * store, and only its admins call these. Adding and removing one item uses the store-products endpoints of catalogues.
 * Suppliers set who may resell their dropshipping items and decide resellers' access requests.
 */
export const resellerApi = {
  dssuppliers: endpoint({
    method: "GET",
    path: "/shops/:slug/picker/dssuppliers",
    tags,
    summary: "Dropshipping suppliers the store may browse, by name",
    params: shopParams,
    query: dssupplierQuery,
    response: listOf(dssupplierView),
  }),
  search: endpoint({
    method: "GET",
    path: "/shops/:slug/picker/products",
    tags,
    summary: "Items the store may resell, with in_store (default sort contribution margin descending)",
    params: shopParams,
    query: resaleSearchQuery,
    response: resaleSearchResult,
  }),
  categories: endpoint({
    method: "GET",
    path: "/shops/:slug/picker/categories",
    tags,
    summary: "Categories of the items the store may resell (15 a page)",
    params: shopParams,
    query: resaleCategoryQuery,
    response: listOf(resaleCategory),
  }),
  bulkAdd: endpoint({
    method: "POST",
    path: "/shops/:slug/picker/bulk-adds",
    tags,
    summary: "Add every filtered item to the store or to a catalogue (a retry with the same key is the same bulk add)",
    params: shopParams,
    body: bulkAddInput,
    response: bulkAddView,
    status: 201,
  }),
  bulkAddStatus: endpoint({
    method: "GET",
    path: "/shops/:slug/picker/bulk-adds/:id",
    tags,
    summary: "Progress of a bulk add",
    params: shopParams.extend({ id: z.string().uuid() }),
    response: bulkAddView,
  }),
  requestAccess: endpoint({
    method: "POST",
    path: "/shops/:slug/picker/dssuppliers/:supplierId/access",
    tags,
    summary: "Ask a supplier for access to its dropshipping items",
    params: supplierParams,
    response: dssupplierView,
    status: 201,
  }),
  policy: endpoint({
    method: "GET",
    path: "/shops/:slug/dropshipping/policy",
    tags,
    summary: "Who may resell the supplier's dropshipping items",
    params: shopParams,
    response: dropshippingPolicy,
  }),
  setPolicy: endpoint({
    method: "PUT",
    path: "/shops/:slug/dropshipping/policy",
    tags,
    summary: "Choose who may resell the supplier's dropshipping items: all, or approved resellers",
    params: shopParams,
    body: dropshippingPolicy,
    response: dropshippingPolicy,
  }),
  accessRequests: endpoint({
    method: "GET",
    path: "/shops/:slug/dropshipping/requests",
    tags,
    summary: "Resellers' access requests to the supplier, newest first",
    params: shopParams,
    query: accessRequestQuery,
    response: listOf(accessRequestView),
  }),
  decideAccess: endpoint({
    method: "PUT",
    path: "/shops/:slug/dropshipping/requests/:resellerId",
    tags,
    summary: "Approve or reject a reseller's access request",
    params: resellerParams,
    body: accessDecision,
    response: accessRequestView,
  }),
};
