import { z } from "zod";
import { listStates, mainTypes, productTypes, returnInfo, stockTypes } from "../schemas/product";
import { missingPackageSide, packageSideMaxCm, packageWeightDefaultGrams, packageWeightMaxGrams } from "./package-size";
import { isSatProductKey, isSatUnitKey } from "./sat-keys";

/** Spec limits for a product: name ≤ 150; photos jpeg/png/svg up to 4,000,000 bytes each, at most 10. */
export const productNameMax = 150;
export const productDescriptionMax = 5000;
export const productPhotoMaxBytes = 4_000_000;
export const productPhotosMax = 10;
export const productPhotoTypes = ["image/jpeg", "image/jpg", "image/png", "image/svg+xml"] as const;

const money = z.number({ message: "must_be_number" }).int().min(0);
const count = z.number({ message: "must_be_number" }).int().min(0);
const side = z
  .number({ message: "package_side_invalid" })
  .int({ message: "package_side_invalid" })
  .min(1, { message: "package_side_invalid" })
  .max(packageSideMaxCm, { message: "package_side_invalid" })
  .nullable();

/** Create/edit body of a product, service, experience or digital product. Prices are integer minor units. */
export const productInput = z
  .object({
    type: z.enum(productTypes),
    main_type: z.enum(mainTypes).default("business"),
    name: z.string().trim().min(1, { message: "required" }).max(productNameMax, { message: "max_length" }),
    description: z.string().trim().max(productDescriptionMax, { message: "max_length" }).default(""),
    list_price: money,
    crossout_price: money.nullable().default(null),
    hide_price: z.boolean().default(false),
    is_free: z.boolean().default(false),
    is_dropshipping: z.boolean().default(false),
    contribution_margin: money.nullable().default(null),
    stock_type: z.enum(stockTypes).default("onstock"),
    stock: count.nullable().default(null),
    max_purchase_amount: z.number({ message: "must_be_number" }).int().min(1).nullable().default(null),
    experience_date: z.string().datetime({ offset: true, message: "invalid_date" }).nullable().default(null),
    variants: z.record(z.string().trim().min(1).max(60), z.string().trim().min(1).max(120)).default({}),
    return_info: returnInfo.default({ return_type: "disallowed" }),
    list_state: z.enum(listStates).default("published"),
    category: z.string().trim().max(80).nullable().default(null),
    /** SAT's product and unit keys for its invoices (CFDI 4.0); null: the defaults (rules/sat-keys.ts). */
    sat_product_key: z.string().trim().refine(isSatProductKey, { message: "invoice_product_key_invalid" }).nullable().default(null),
    sat_unit_key: z.string().trim().refine(isSatUnitKey, { message: "invoice_unit_key_invalid" }).nullable().default(null),
    /** The package the item ships in (rules/package-size.ts): weight in grams, sides in centimetres, all three or none. */
    weight_grams: z
      .number({ message: "package_weight_invalid" })
      .int({ message: "package_weight_invalid" })
      .min(1, { message: "package_weight_invalid" })
      .max(packageWeightMaxGrams, { message: "package_weight_invalid" })
      .default(packageWeightDefaultGrams),
    package_cm: z.object({ length: side, width: side, height: side }).nullable().default(null),
  })
  .superRefine((value, issue) => {
    if (value.stock_type === "onstock" && value.stock === null) issue.addIssue({ code: "custom", path: ["stock"], message: "required" });
    if (value.type === "experience" && !value.experience_date)
      issue.addIssue({ code: "custom", path: ["experience_date"], message: "required" });
    if (value.crossout_price !== null && value.crossout_price <= value.list_price && !value.is_free) {
      issue.addIssue({ code: "custom", path: ["crossout_price"], message: "crossout_not_higher" });
    }
    // A dropshipping item is resold for its contribution margin (commerce-and-accounts §6): it must state one.
    if (value.is_dropshipping && value.contribution_margin === null)
      issue.addIssue({ code: "custom", path: ["contribution_margin"], message: "required" });
    const missing = value.package_cm ? missingPackageSide(value.package_cm) : null;
    if (missing) issue.addIssue({ code: "custom", path: ["package_cm", missing], message: "package_incomplete" });
    if (value.contribution_margin !== null && value.contribution_margin > value.list_price) {
      issue.addIssue({ code: "custom", path: ["contribution_margin"], message: "margin_above_price" });
    }
  });
export type ProductInput = z.infer<typeof productInput>;

/** Edits send only what changed; the merged result must still satisfy productInput. */
export const productPatch = z.object({}).catchall(z.unknown());

export { type ListingSortKey, type SaleState, listingPageSize, listingSorts, saleState } from "./listing";
