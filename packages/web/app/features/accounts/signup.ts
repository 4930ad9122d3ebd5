import { PASSWORD_MIN_LENGTH, isValidEmail, isValidPhone, nonEmptyFields, phoneUsername } from "@tianguis/domain/rules/registration";
import type { accountsApi } from "@tianguis/domain/routes/accounts";
import type { BodyOf } from "@tianguis/domain/api/endpoint";
import type { MessageCode } from "@tianguis/domain/messages/index";
import type { SignupType } from "@tianguis/domain/schemas/accounts";
import type { SignupIntent } from "@tianguis/domain/schemas/package";
import type { PhoneValue } from "./PhoneField";
import { type ShopValue, shopSlugError } from "./ShopFields";

export interface SignupValues {
  type: SignupType;
  full_name: string;
  /** The e-mail: the username in the e-mail flow, optional in the phone flow. */
  email: string;
  phone: PhoneValue;
  password: string;
  tac: boolean;
  createShop: boolean;
  store: ShopValue;
}

/** Field → catalogue code of what is wrong (commerce-and-accounts §5 registration rules). */
export function validateSignup(values: SignupValues, slugCheck: { exists: boolean } | null): Record<string, MessageCode | undefined> {
  const errors: Record<string, MessageCode | undefined> = {};
  if (!values.full_name.trim()) errors.full_name = "required";
  if (values.type === "email") {
    if (!values.email) errors.username = "required";
    else if (!isValidEmail(values.email)) errors.username = "invalid_email";
  } else {
    if (!values.phone.phone) errors.phone = "required";
    else if (!isValidPhone(values.phone.phone)) errors.phone = "invalid_number";
    if (values.email && !isValidEmail(values.email)) errors.email = "invalid_email";
  }
  if (!values.password) errors.password = "required";
  else if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = "password_too_short";
  if (!values.tac) errors.tac = "required";
  if (values.createShop) {
    if (!values.store.name.trim()) errors["store.name"] = "required";
    errors["store.slug"] = shopSlugError(values.store, slugCheck);
  }
  return errors;
}

/** The username the sign-up would create, for the exists check on blur. */
export function signupUsername(values: SignupValues): string {
  return values.type === "email" ? values.email : phoneUsername(values.phone.country_code, values.phone.phone);
}

/** The registration payload with empty properties removed (§3), with what the landing carried (plan, referral). */
export function signupPayload(values: SignupValues, intent: SignupIntent = {}): BodyOf<typeof accountsApi.register> {
  const contact = {
    email: values.email,
    username: values.type === "email" ? values.email : undefined,
    ...(values.type === "phone" ? values.phone : {}),
  };
  return {
    // validateSignup has required the name, the password and the accepted terms before any payload is built.
    type: values.type,
    full_name: values.full_name.trim(),
    password: values.password,
    tac: values.tac as true,
    ...nonEmptyFields(contact),
    ...(values.createShop ? { store: { name: values.store.name.trim(), slug: values.store.slug } } : {}),
    ...nonEmptyFields(intent),
  };
}

/** /register/activate/ with the spec's query parameters (never the password) and the landing's intent. */
export function activationHref(values: SignupValues, answer: { code: string; can_skip_pin: boolean }, intent: SignupIntent = {}): string {
  const query = new URLSearchParams(
    nonEmptyFields({
      code: answer.code,
      can_skip_pin: String(answer.can_skip_pin),
      type: values.type,
      username: values.type === "email" ? values.email : "",
      phone: values.type === "phone" ? values.phone.phone : "",
      country_code: values.type === "phone" ? values.phone.country_code : "",
      country: values.type === "phone" ? values.phone.country : "",
      full_name: values.full_name.trim(),
      ...intent,
    }) as Record<string, string>,
  );
  return `/register/activate/?${query}`;
}
