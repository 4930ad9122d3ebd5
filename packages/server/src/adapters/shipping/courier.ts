import type { ShippingRate } from "@tianguis/domain/schemas/checkout";

/** Shipping rates: the interface a real carrier integration implements, and the built-in courier with a rate table. */
export interface ShippingRates {
  quote(input: { postalCode: string; weightGrams: number; currency: string }): ShippingRate[];
  find(rateId: string, input: { postalCode: string; weightGrams: number; currency: string }): ShippingRate | undefined;
}

/** Zones by the first digit of a Mexican postal code: 0-1 CDMX/centre, 2-5 centre-north, 6-9 south and north. */
function zoneOf(postalCode: string): 1 | 2 | 3 | null {
  if (!/^\d{5}$/.test(postalCode)) return null;
  const first = Number(postalCode[0]);
  return first <= 1 ? 1 : first <= 5 ? 2 : 3;
}

const table = {
  standard: { base: [9900, 12900, 15900], perKg: 1500, days: [3, 4, 6] },
  express: { base: [17900, 21900, 26900], perKg: 2500, days: [1, 2, 3] },
} as const;

export function courierRates(): ShippingRates {
  const quote: ShippingRates["quote"] = ({ postalCode, weightGrams }) => {
    const zone = zoneOf(postalCode);
    if (!zone) return [];
    const extraKg = Math.max(0, Math.ceil(weightGrams / 1000) - 1);
    return (Object.keys(table) as (keyof typeof table)[]).map((service) => ({
      id: `tianguis-${service}-z${zone}`,
      carrier: "Mensajería Tianguis",
      service,
      cost: table[service].base[zone - 1] + extraKg * table[service].perKg,
      days: table[service].days[zone - 1],
    }));
  };
  return { quote, find: (rateId, input) => quote(input).find((rate) => rate.id === rateId) };
}
