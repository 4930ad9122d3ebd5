import type { ShippingRate } from "@tianguis/domain/schemas/checkout";
import type { AppContext } from "../../context";
import { AppError } from "../../http/errors";

/**
 * Shipping maths, the one place for it (quotes and checkout): each supplier ships its own parcel with the chosen
 * courier service, so a purchase's shipping is the sum of its parcels' costs.
 */

/** A quote before anything is in the cart prices one parcel of this weight. */
const EMPTY_CART_PARCEL_GRAMS = 1000;

interface ParcelLine {
  weight_grams: number;
  quantity: number;
}

/** The weight of each supplier's parcel, from its lines. */
export function parcelWeights(parcels: readonly (readonly ParcelLine[])[]): number[] {
  return parcels.map((lines) => lines.reduce((sum, line) => sum + line.weight_grams * line.quantity, 0));
}

/** The courier's services to a postal code, each priced for all the parcels together. */
export function ratesForParcels(ctx: AppContext, postalCode: string, weights: number[], currency: string): ShippingRate[] {
  const parcels = weights.length > 0 ? weights : [EMPTY_CART_PARCEL_GRAMS];
  const perParcel = parcels.map((weightGrams) => ctx.shipping.quote({ postalCode, weightGrams, currency }));
  return (perParcel[0] ?? []).map((rate, index) => ({ ...rate, cost: perParcel.reduce((sum, parcel) => sum + parcel[index].cost, 0) }));
}

/** What the chosen service costs for each parcel; no_shipping_options when none was chosen or it is not offered. */
export function parcelCosts(
  ctx: AppContext,
  rateId: string | undefined,
  postalCode: string | undefined,
  weights: number[],
  currency: string,
): number[] {
  if (!rateId || !postalCode) throw new AppError("no_shipping_options", { fields: { rate_id: "required" } });
  return weights.map((weightGrams) => {
    const rate = ctx.shipping.find(rateId, { postalCode, weightGrams, currency });
    if (!rate) throw new AppError("no_shipping_options");
    return rate.cost;
  });
}
