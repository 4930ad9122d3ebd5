import { z } from "zod";
import { catalogueName } from "./catalogue";
import { listOf } from "./common";
import { listStates, productTypes } from "./product";
import {
  accessStates,
  categoryPageSize,
  dropshippingAudiences,
  pickerCheckAtLeast,
  pickerPageSize,
  supplierPageSize,
} from "../rules/reseller";

// The rules own these constants (schemas import rules, never the reverse); re-exported for the schema's readers.
export {
  accessStates,
  type AccessState,
  categoryPageSize,
  dropshippingAudiences,
  type DropshippingAudience,
  pickerCheckAtLeast,
  pickerPageSize,
  supplierPageSize,
} from "../rules/reseller";

export const resaleSorts = ["-contribution_margin", "contribution_margin", "-list_price", "list_price", "name"] as const;
export type ResaleSort = (typeof resaleSorts)[number];

/** Franchise shops choose between their own supplier's items ('mine') and other suppliers' ('others'). */
export const resaleScopes = ["others", "mine"] as const;
export type ResaleScope = (typeof resaleScopes)[number];

const optionalText = z.string().trim().max(200).optional();

/** The filters the picker and 'add all' share: what the search shows is exactly what 'add all' adds. */
export const resaleFilters = z.object({
  text: optionalText,
  category: optionalText,
  dssupplier: z.string().uuid().optional(),
  type: z.enum(productTypes).default("product"),
  scope: z.enum(resaleScopes).default("others"),
});
export type ResaleFilters = z.infer<typeof resaleFilters>;

export const resaleSearchQuery = resaleFilters.extend({
  sort: z.enum(resaleSorts).default("-contribution_margin"),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(pickerPageSize),
  check_at_least: z.coerce.number().int().min(1).max(10_000).default(pickerCheckAtLeast),
});
export type ResaleSearchQuery = z.infer<typeof resaleSearchQuery>;

/** A picker row (spec §3 'Product row (picker)') plus what the row needs to show and allow. */
export const resaleProduct = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  type: z.enum(productTypes),
  photos: z.array(z.string()),
  list_price: z.number().int(),
  crossout_price: z.number().int().nullable(),
  currency: z.string(),
  hide_price: z.boolean(),
  is_free: z.boolean(),
  in_store: z.boolean(),
  is_dropshipping: z.boolean(),
  contribution_margin: z.number().int().nullable(),
  /** contribution_margin × the plan commission rate, in minor units. */
  earning: z.number().int().nullable(),
  owner: z.string(),
  owner_name: z.string(),
  owner_slug: z.string(),
  category: z.string().nullable(),
  list_state: z.enum(listStates),
  hiden: z.boolean(),
  experience_date: z.string().nullable(),
});
export type ResaleProduct = z.infer<typeof resaleProduct>;

export const resaleSearchResult = listOf(resaleProduct).extend({ shop_id: z.string() });
export type ResaleSearchResult = z.infer<typeof resaleSearchResult>;

export const dssupplierView = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  access: z.enum(accessStates),
});
export type DssupplierView = z.infer<typeof dssupplierView>;

export const dssupplierQuery = z.object({
  text: optionalText,
  type: z.enum(productTypes).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(supplierPageSize),
});

export const resaleCategory = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export type ResaleCategory = z.infer<typeof resaleCategory>;

export const resaleCategoryQuery = z.object({
  name: optionalText,
  type: z.enum(productTypes).default("product"),
  scope: z.enum(resaleScopes).default("others"),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(categoryPageSize),
});

/** 'Add all' targets: the store, an existing catalogue, or a new one with this name. */
export const bulkAddInput = z
  .object({
    /** Chosen by the client once per 'add all': a retry with the same key returns the same bulk add. */
    key: z.string().trim().min(8).max(64),
    filters: resaleFilters,
    catalogue_id: z.string().uuid().optional(),
    new_catalogue_name: catalogueName.optional(),
  })
  .refine((value) => !(value.catalogue_id && value.new_catalogue_name), {
    path: ["catalogue_id"],
    message: "validation_failed",
  });
export type BulkAddInput = z.infer<typeof bulkAddInput>;

export const bulkAddStates = ["running", "done", "failed"] as const;

export const bulkAddView = z.object({
  id: z.string(),
  state: z.enum(bulkAddStates),
  total: z.number().int(),
  processed: z.number().int(),
  catalogue: z.object({ id: z.string(), slug: z.string(), name: z.string() }).nullable(),
});
export type BulkAddView = z.infer<typeof bulkAddView>;

export const dropshippingPolicy = z.object({ audience: z.enum(dropshippingAudiences) });

export const accessRequestStates = ["pending", "approved", "rejected"] as const;
export type AccessRequestState = (typeof accessRequestStates)[number];

/** A reseller's access request as its supplier sees it. */
export const accessRequestView = z.object({
  reseller: z.object({ id: z.string(), name: z.string(), slug: z.string(), photo: z.string().nullable() }),
  state: z.enum(accessRequestStates),
  requested_at: z.string(),
  decided_at: z.string().nullable(),
});
export type AccessRequestView = z.infer<typeof accessRequestView>;

export const accessRequestQuery = z.object({
  state: z.enum(accessRequestStates).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const accessDecision = z.object({ state: z.enum(["approved", "rejected"]) });
