/**
 * A product's package (issue 29 §1 and the product editor): its weight in whole grams and its sides in whole
 * centimetres, all three or none; couriers bill the larger of the weight and the volumetric weight (rules/checkout.ts).
 * The product form and the product import hold a package to the same limits.
 */

/** A side of a package, in whole centimetres (couriers in Mexico take parcels up to about 2.5 m). */
export const packageSideMaxCm = 300;
/** A parcel's weight, in grams: the heaviest parcel Mexican couriers take at the counter is about 70 kg. */
export const packageWeightMaxGrams = 70_000;
/** What an item weighs until its seller says: half a kilo. */
export const packageWeightDefaultGrams = 500;

export type PackageSide = "length" | "width" | "height";
export const packageSides: readonly PackageSide[] = ["length", "width", "height"];

export const isPackageSide = (cm: number) => Number.isInteger(cm) && cm >= 1 && cm <= packageSideMaxCm;
export const isPackageWeight = (grams: number) => Number.isInteger(grams) && grams >= 1 && grams <= packageWeightMaxGrams;

/** The side missing from a package given in part (the first, in length-width-height order), or null: all three or none. */
export function missingPackageSide(sides: Record<PackageSide, number | null>): PackageSide | null {
  const given = packageSides.filter((side) => sides[side] !== null);
  if (given.length === 0 || given.length === packageSides.length) return null;
  return packageSides.find((side) => sides[side] === null)!;
}
