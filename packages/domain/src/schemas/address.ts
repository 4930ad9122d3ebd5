import { z } from "zod";

/** Postal codes are 5 digits (Mexico, the default country of the courier rate table). */
export const POSTAL_CODE = /^\d{5}$/;
/** How many addresses one customer keeps in the address book. */
export const MAX_SAVED_ADDRESSES = 20;

const text = (max: number) => z.string().trim().max(max);

/** The spec's address fields (commerce-and-accounts §3 'Address fields'), as the checkout sends them. */
export const addressFields = z.object({
  address_name: text(120).optional(),
  address_phone: text(20).optional(),
  street_address: text(200).optional(),
  route: text(120).optional(),
  street_number: text(20).optional(),
  country: text(2).optional(),
  administrative_area_level_1: text(80).optional(),
  locality: text(80).optional(),
  sublocality: text(80).optional(),
  postal_code: z.string().regex(POSTAL_CODE, { message: "invalid_postal_code" }).optional(),
  formatted_address: text(300).optional(),
});
export type AddressFields = z.infer<typeof addressFields>;

/** A deliverable address: who receives it, the street, the town and a postal code are required. */
export const deliveryAddress = addressFields.extend({
  address_name: text(120).min(1, { message: "required" }),
  street_address: text(200).min(1, { message: "required" }),
  locality: text(80).min(1, { message: "required" }),
  postal_code: z.string().regex(POSTAL_CODE, { message: "invalid_postal_code" }),
});
export type DeliveryAddress = z.infer<typeof deliveryAddress>;

/** An address saved in the customer's address book. */
export const savedAddressView = deliveryAddress.extend({ id: z.string(), last_used_at: z.string().nullable() });
export type SavedAddressView = z.infer<typeof savedAddressView>;

/** Field → message code for the first problem of each field, or an empty object when deliverable. */
export function deliveryAddressErrors(
  input: Partial<Record<keyof AddressFields, string>>,
): Partial<Record<keyof AddressFields, AddressErrorCode>> {
  const parsed = deliveryAddress.safeParse(input);
  if (parsed.success) return {};
  const errors: Partial<Record<keyof AddressFields, AddressErrorCode>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof AddressFields;
    errors[field] ??= issue.message === "invalid_postal_code" || issue.message === "required" ? issue.message : "required";
  }
  return errors;
}

/** What can be wrong with an address field (catalogue codes). */
export type AddressErrorCode = "invalid_postal_code" | "required";

/** One line for lists and summaries: street, town, state and postal code. */
export function addressLine(address: AddressFields): string {
  return (
    address.formatted_address ||
    [address.street_address, address.sublocality, address.locality, address.administrative_area_level_1, address.postal_code]
      .filter((part) => part && part.trim() !== "")
      .join(", ")
  );
}
