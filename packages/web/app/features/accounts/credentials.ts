import { countryCodeOf, phoneUsername } from "@tianguis/domain/rules/registration";

/**
 * The username a posted login or recovery form names: the e-mail (`username`), or with `type=phone` the
 * country's dialling code and the phone as '+' + digits. Empty when a part is missing.
 */
export function usernameFromForm(form: FormData): string {
  const field = (name: string) => String(form.get(name) ?? "").trim();
  if (field("type") !== "phone") return field("username").replace(/\s+/g, "");
  const countryCode = countryCodeOf(field("country"));
  const phone = field("phone").replace(/\D/g, "");
  return countryCode && phone ? phoneUsername(countryCode, phone) : "";
}
