import { nonEmptyFields } from "@tianguis/domain/rules/registration";
import { type SignupIntent, signupIntentFields } from "@tianguis/domain/schemas/package";

/**
 * What a sign-up carries from a landing (commerce-and-accounts §2 /register/complete query: package_code, referal_id,
 * click_id; plus plan and landing_code). Read from a URL or a posted form, written back into links and the PIN screen.
 */
const keys = Object.keys(signupIntentFields) as (keyof SignupIntent)[];
/** The spec spells the query parameter 'referal_id'; both spellings are read. */
const aliases: Partial<Record<keyof SignupIntent, string>> = { referral_id: "referal_id", landing_code: "landing" };

/** The valid intent fields of a query or form; anything unknown or malformed is dropped. */
export function intentFrom(source: { get(name: string): FormDataEntryValue | null }): SignupIntent {
  const intent: Record<string, string> = {};
  for (const key of keys) {
    const raw = source.get(key) ?? (aliases[key] ? source.get(aliases[key]) : null);
    if (typeof raw !== "string" || raw === "") continue;
    const parsed = signupIntentFields[key].safeParse(raw);
    if (parsed.success && parsed.data) intent[key] = parsed.data;
  }
  return intent as SignupIntent;
}

/** The intent as query parameters (empty ones left out). */
export function intentQuery(intent: SignupIntent): Record<string, string> {
  return nonEmptyFields(intent as Record<string, string | undefined>) as Record<string, string>;
}

/** /register with the intent, e.g. /register?plan=tienda_en_linea&landing_code=tiendaenlinea. */
export function signupHref(intent: SignupIntent): string {
  const query = new URLSearchParams(intentQuery(intent)).toString();
  return query ? `/register?${query}` : "/register";
}
