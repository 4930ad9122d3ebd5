import { toDecimalString, toMinorUnits } from "@tianguis/domain/money";
import { packageWeightDefaultGrams } from "@tianguis/domain/rules/package-size";
import type { ProductInput } from "@tianguis/domain/rules/product-form";
import type { ProductType, ProductView, ReturnInfo } from "@tianguis/domain/schemas/product";

/** The editor's state: money as the decimal text the seller types ('189.00'), everything else as the API shapes it. */
export interface ProductFormState {
  type: ProductType;
  main_type: "business" | "personal";
  name: string;
  description: string;
  list_price: string;
  crossout_price: string;
  hide_price: boolean;
  is_free: boolean;
  is_dropshipping: boolean;
  contribution_margin: string;
  stock_type: "onstock" | "ondemand";
  stock: number | "";
  max_purchase_amount: number | "";
  experience_date: string;
  variants: { name: string; value: string }[];
  return_info: ReturnInfo;
  list_state: "published" | "unpublished" | "hidden";
  category: string;
  /** SAT's keys for invoices; empty: the defaults (rules/sat-keys.ts). */
  sat_product_key: string;
  sat_unit_key: string;
  /** The package: weight in grams and sides in centimetres (empty: not given). */
  weight_grams: number | "";
  package_length: number | "";
  package_width: number | "";
  package_height: number | "";
}

export function emptyForm(type: ProductType): ProductFormState {
  const service = type === "service" || type === "digital";
  return {
    type,
    main_type: "business",
    name: "",
    description: "",
    list_price: "",
    crossout_price: "",
    hide_price: false,
    is_free: false,
    is_dropshipping: false,
    contribution_margin: "",
    stock_type: service ? "ondemand" : "onstock",
    stock: service ? "" : 1,
    max_purchase_amount: "",
    experience_date: "",
    variants: [],
    return_info: { return_type: "disallowed" },
    list_state: "published",
    category: "",
    sat_product_key: "",
    sat_unit_key: "",
    weight_grams: packageWeightDefaultGrams,
    package_length: "",
    package_width: "",
    package_height: "",
  };
}

/** datetime-local text ('2026-01-10T16:00') of an ISO instant, in the browser's time zone. */
function localDateTime(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function formOf(product: ProductView): ProductFormState {
  return {
    type: product.type,
    main_type: product.main_type,
    name: product.name,
    description: product.description,
    list_price: toDecimalString(product.list_price),
    crossout_price: product.crossout_price === null ? "" : toDecimalString(product.crossout_price),
    hide_price: product.hide_price,
    is_free: product.is_free,
    is_dropshipping: product.is_dropshipping,
    contribution_margin: product.contribution_margin === null ? "" : toDecimalString(product.contribution_margin),
    stock_type: product.stock_type,
    stock: product.stock ?? "",
    max_purchase_amount: product.max_purchase_amount ?? "",
    experience_date: localDateTime(product.experience_date),
    variants: Object.entries(product.variants).map(([name, value]) => ({ name, value })),
    return_info: product.return_info,
    list_state: product.list_state,
    category: product.category ?? "",
    sat_product_key: product.sat_product_key ?? "",
    sat_unit_key: product.sat_unit_key ?? "",
    weight_grams: product.weight_grams,
    package_length: product.package_cm?.length ?? "",
    package_width: product.package_cm?.width ?? "",
    package_height: product.package_cm?.height ?? "",
  };
}

function money(text: string): number | null {
  const trimmed = text.trim().replace(/,/g, "");
  if (!trimmed) return null;
  try {
    return toMinorUnits(trimmed);
  } catch {
    return Number.NaN;
  }
}

const side = (value: number | "") => (value === "" ? null : value);

/** The package's sides: none given → null; some given → the three (the server names a missing one). */
function packageOf(state: ProductFormState): { length: number | null; width: number | null; height: number | null } | null {
  const sides = { length: side(state.package_length), width: side(state.package_width), height: side(state.package_height) };
  return Object.values(sides).every((value) => value === null) ? null : sides;
}

/** The API body (integer minor units, ISO dates); unparseable numbers stay NaN so the server answers 'Must be a number'. */
export function bodyOf(state: ProductFormState): Record<string, unknown> & Partial<ProductInput> {
  return {
    type: state.type,
    main_type: state.main_type,
    name: state.name,
    description: state.description,
    list_price: state.is_free ? 0 : (money(state.list_price) ?? 0),
    crossout_price: money(state.crossout_price),
    hide_price: state.hide_price,
    is_free: state.is_free,
    is_dropshipping: state.is_dropshipping,
    contribution_margin: state.is_dropshipping ? money(state.contribution_margin) : null,
    stock_type: state.stock_type,
    stock: state.stock_type === "ondemand" || state.stock === "" ? null : state.stock,
    max_purchase_amount: state.max_purchase_amount === "" ? null : state.max_purchase_amount,
    experience_date: state.type === "experience" && state.experience_date ? new Date(state.experience_date).toISOString() : null,
    variants: Object.fromEntries(
      state.variants.filter((entry) => entry.name.trim() && entry.value.trim()).map((entry) => [entry.name.trim(), entry.value.trim()]),
    ),
    return_info: state.return_info,
    list_state: state.list_state,
    category: state.category.trim() || null,
    sat_product_key: state.sat_product_key.trim() || null,
    sat_unit_key: state.sat_unit_key || null,
    weight_grams: state.weight_grams === "" ? Number.NaN : state.weight_grams,
    package_cm: packageOf(state),
  };
}
