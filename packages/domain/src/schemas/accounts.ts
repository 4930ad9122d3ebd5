import { z } from "zod";
import { PASSWORD_MIN_LENGTH, cleanEmailInput, isValidPhone, isValidSlug, normalizeSlug } from "../rules/registration";
import { signupIntentFields } from "./package";
import { meView } from "./user";

export const signupTypes = ["email", "phone"] as const;
export type SignupType = (typeof signupTypes)[number];

/** An e-mail as sign-up, login and invitations take it: spaces removed, then checked. */
export const emailField = z
  .string()
  .transform(cleanEmailInput)
  .pipe(z.string().email({ message: "invalid_email" }).max(200));
/** A 10-digit phone, spaces removed. */
export const phoneField = z
  .string()
  .transform((value) => value.replace(/\s+/g, ""))
  .refine(isValidPhone, { message: "invalid_number" });
export const countryCodeField = z.string().regex(/^\d{1,4}$/, { message: "invalid_number" });
const country = z
  .string()
  .regex(/^[A-Za-z]{2}$/, { message: "required" })
  .transform((value) => value.toUpperCase());
const password = z.string().min(PASSWORD_MIN_LENGTH, { message: "password_too_short" }).max(200);
const fullName = z.string().trim().min(1, { message: "required" }).max(150);

export const shopSlug = z.string().transform(normalizeSlug).refine(isValidSlug, { message: "invalid_slug" });

/** A new affiliate shop: its slug and name (sign-up's `store` field and POST /affiliate/store). */
export const shopInput = z.object({
  slug: shopSlug,
  name: z.string().trim().min(1, { message: "required" }).max(150),
});
export type ShopInput = z.infer<typeof shopInput>;

/**
 * Registration payload (commerce-and-accounts §3). The e-mail flow needs `email` (also the username);
 * the phone flow needs `phone` (exactly 10 digits) with its country. `store` creates the shop on activation.
 */
export const registrationInput = z
  .object({
    type: z.enum(signupTypes),
    full_name: fullName,
    password,
    username: z.string().max(200).optional(),
    email: emailField.optional(),
    phone: phoneField.optional(),
    country_code: countryCodeField.optional(),
    country: country.optional(),
    tac: z.literal(true, { message: "terms_required" }),
    store: shopInput.optional(),
    microsite: z.string().max(200).optional(),
    auto_affinity: z.boolean().optional(),
    response_type: z.string().max(50).optional(),
    skip_pin: z.boolean().optional(),
    alias_domain: z.string().max(200).optional(),
    /** From a landing: the plan to install on activation, the landing, a package to buy next, the referral (schemas/package.ts). */
    ...signupIntentFields,
  })
  .superRefine((value, issue) => {
    if (value.type === "email" && !value.email) issue.addIssue({ code: "custom", path: ["email"], message: "required" });
    if (value.type === "phone") {
      if (!value.phone) issue.addIssue({ code: "custom", path: ["phone"], message: "required" });
      if (!value.country_code) issue.addIssue({ code: "custom", path: ["country_code"], message: "required" });
      if (!value.country) issue.addIssue({ code: "custom", path: ["country"], message: "required" });
    }
  });
export type RegistrationInput = z.infer<typeof registrationInput>;

/** PIN response (§3): the activation code and whether the PIN may be skipped. */
export const pinResponse = z.object({ code: z.string(), can_skip_pin: z.boolean(), type: z.enum(signupTypes), target: z.string() });
export type PinResponse = z.infer<typeof pinResponse>;

/** PIN activation payload (§3): code, type, pin, plus form values. */
export const pinActivationInput = z.object({
  code: z.string().min(1).max(100),
  type: z.enum(signupTypes),
  pin: z
    .string()
    .regex(/^\d{6}$/, { message: "invalid_pin_format" })
    .optional(),
  username: z.string().max(200).optional(),
  full_name: z.string().max(150).optional(),
});

export const pinResendInput = z.object({
  code: z.string().min(1).max(100),
  /** Editing the destination: a new e-mail (e-mail flow) or phone (phone flow). */
  email: emailField.optional(),
  phone: phoneField.optional(),
  country_code: countryCodeField.optional(),
  country: country.optional(),
});

export const loginInput = z.object({
  /** An e-mail, or '+' + country code + phone. */
  username: z.string().trim().min(1, { message: "required" }).max(200),
  password: z.string().min(1, { message: "required" }).max(200),
});

/**
 * Password recovery: the username (e-mail, or '+' + country code + phone) gets a 6-digit PIN; the answer is
 * the same whether or not such an account exists, so it cannot be used to find accounts.
 */
export const passwordForgotInput = z.object({ username: z.string().trim().min(1, { message: "required" }).max(200) });
export const passwordForgotResponse = z.object({ sent: z.literal(true) });

/** The PIN sent by `passwordForgotInput` and the new password; success signs in like login. */
export const passwordResetInput = z.object({
  username: z.string().trim().min(1, { message: "required" }).max(200),
  pin: z.string().regex(/^\d{6}$/, { message: "invalid_pin_format" }),
  password,
});
export type PasswordResetInput = z.infer<typeof passwordResetInput>;

export const usernameExistsInput = z.object({ username: z.string().trim().min(1).max(200) });
export const usernameExistsResponse = z.object({ exists: z.boolean() });
export type UsernameExistsResponse = z.infer<typeof usernameExistsResponse>;

/** Profile (§3): image, full_name, username, phone, tac, password, pin. Only non-empty fields are sent. */
export const profileView = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country_code: z.string().nullable(),
  country: z.string().nullable(),
  image: z.string().nullable(),
  user_level: z.number().int(),
  shop_slug: z.string().nullable(),
  /** The coordinator programme (rules/coordinator.ts): the user coordinates; the user asked to. */
  coordinator: z.boolean(),
  coordinator_request: z.boolean(),
  /** Why a platform admin refused the last request (the user may ask again), or null. */
  coordinator_refusal: z.string().nullable(),
});
export type ProfileView = z.infer<typeof profileView>;

/** A level-two user's pending request to coordinate, as the platform admin's list shows it (/plataforma/coordinadores). */
export const coordinatorRequestView = z.object({
  user_id: z.string().uuid(),
  full_name: z.string(),
  username: z.string(),
  user_level: z.number().int(),
  shop: z.object({ slug: z.string(), name: z.string() }).nullable(),
  requested_at: z.string(),
});
export type CoordinatorRequestView = z.infer<typeof coordinatorRequestView>;

/** The platform admin's answer to a request: the user's level and label after it. */
export const coordinatorDecisionView = z.object({
  user_id: z.string().uuid(),
  decision: z.enum(["granted", "refused"]),
  user_level: z.number().int(),
  coordinator: z.boolean(),
});

/** Why a request is refused: the requester reads it in the alert and on their profile. */
export const coordinatorRefusalBody = z.object({ reason: z.string().trim().min(3).max(300) });
export const COORDINATOR_REASON_MAX = 300;
/** Requests per page of the platform admin's list. */
export const COORDINATOR_REQUESTS_PAGE = 20;

/**
 * The tour setting (commerce-and-accounts §2 'Tour setting update sends show_tour'; storefront-and-admin §7 'GET setup-apps;
 * PATCH same with JSON show_tour'): whether the admin bar's guided tour shows on the shop owner's next visit.
 */
export const tourSetting = z.object({ show_tour: z.boolean() });
export type TourSetting = z.infer<typeof tourSetting>;

export const profileUpdate = z.object({
  full_name: fullName.optional(),
  image: z.string().url().max(500).optional(),
  phone: phoneField.optional(),
  country_code: countryCodeField.optional(),
  country: country.optional(),
  email: emailField.optional(),
  password: password.optional(),
  tac: z.boolean().optional(),
  /** Required when the password, e-mail or phone changes (issue 31): 'Contraseña actual incorrecta' otherwise. */
  current_password: z.string().max(200).optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdate>;

/** Store slug check (§3): slug, name, n_suggestions (default 5) → exists, suggestions. */
export const slugExistsInput = z.object({
  slug: z.string().max(60),
  name: z.string().max(150).optional(),
  n_suggestions: z.number().int().min(0).max(20).default(5),
});
export const slugCheck = z.object({ exists: z.boolean(), valid: z.boolean(), suggestions: z.array(z.string()) });
export type SlugCheck = z.infer<typeof slugCheck>;

/** A shop the user owns, as the account pages list it. */
export const ownShop = z.object({ id: z.string(), slug: z.string(), name: z.string() });
export type OwnShop = z.infer<typeof ownShop>;

/** POST /affiliate/store: the new shop and the user's new level (ul2). */
export const shopCreated = ownShop.extend({ user_level: z.number().int() });
export type ShopCreated = z.infer<typeof shopCreated>;

export const logoutResponse = z.object({ ok: z.literal(true) });

export const authResponse = z.object({ user: meView });
export type AuthResponse = z.infer<typeof authResponse>;
