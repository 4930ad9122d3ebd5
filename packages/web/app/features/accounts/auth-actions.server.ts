import { accountsApi } from "@tianguis/domain/routes/accounts";
import { type MessageCode, messageCode, translate } from "@tianguis/domain/messages/index";
import { countryCodeOf } from "@tianguis/domain/rules/registration";
import { data, redirect } from "react-router";
import type { ApiResponse, WebLoadContext } from "../../load-context";
import { callApi, forwardCookies } from "../../lib/api/load.server";
import { intentFrom } from "../../lib/signup-intent";
import { usernameFromForm } from "./credentials";
import { safeNext } from "./next-path";
import { type SignupValues, activationHref, signupPayload, validateSignup } from "./signup";

/**
 * The route actions of the login, sign-up and password-recovery pages. Their forms post here (never a GET, so a
 * password never lands in a URL) and work before or without JavaScript; the API's session cookie is passed on.
 */

export type FormFailure = { error: string };

function failure(context: WebLoadContext, code: MessageCode, status = 400) {
  return data<FormFailure>({ error: translate(context.locale, code) }, { status });
}

/** The API's translated message, or the catalogue text of its code. */
function apiFailure(context: WebLoadContext, response: ApiResponse) {
  const body = response.data as { code?: string; message?: string } | null;
  return data<FormFailure>({ error: body?.message || translate(context.locale, messageCode(body?.code)) }, { status: response.status });
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/** POST /login: signs in and returns to `next`. */
export async function loginAction(context: WebLoadContext, request: Request) {
  const form = await request.formData();
  const username = usernameFromForm(form);
  const password = text(form, "password");
  if (!username || !password) return failure(context, "required");
  const response = await callApi(context, accountsApi.login, { body: { username, password } });
  if (response.status !== 200) return apiFailure(context, response);
  return redirect(safeNext(text(form, "next")), { headers: forwardCookies(response) });
}

/** POST /password/forgot: asks for a PIN and goes on to /password/reset (the same for any username). */
export async function passwordForgotAction(context: WebLoadContext, request: Request) {
  const username = usernameFromForm(await request.formData());
  if (!username) return failure(context, "required");
  const response = await callApi(context, accountsApi.passwordForgot, { body: { username } });
  if (response.status !== 200) return apiFailure(context, response);
  return redirect(`/password/reset?${new URLSearchParams({ username })}`);
}

/** POST /password/reset: the PIN and the new password; success signs this browser in. */
export async function passwordResetAction(context: WebLoadContext, request: Request) {
  const form = await request.formData();
  const body = { username: text(form, "username"), pin: text(form, "pin").trim(), password: text(form, "password") };
  if (!body.username || !body.pin || !body.password) return failure(context, "required");
  const response = await callApi(context, accountsApi.passwordReset, { body });
  if (response.status !== 200) {
    // A field the API refused (a short password, a malformed PIN) says more than "check the fields".
    const fields = (response.data as { fields?: Record<string, string> } | null)?.fields;
    const field = fields?.password ?? fields?.pin;
    return field ? data<FormFailure>({ error: field }, { status: response.status }) : apiFailure(context, response);
  }
  return redirect("/", { headers: forwardCookies(response) });
}

/**
 * POST /register, for a sign-up sent before or without JavaScript (the hydrated form calls the API itself and
 * can also create a store): validates like the form, registers and goes on to the PIN screen.
 */
export async function registerAction(context: WebLoadContext, request: Request) {
  const form = await request.formData();
  const type = text(form, "type") === "phone" ? "phone" : "email";
  const country = text(form, "country");
  const values: SignupValues = {
    type,
    full_name: text(form, "full_name"),
    email: text(form, type === "email" ? "username" : "email").replace(/\s+/g, ""),
    phone: { country, country_code: countryCodeOf(country) ?? "", phone: text(form, "phone").replace(/\D/g, "") },
    password: text(form, "password"),
    tac: form.get("tac") !== null,
    createShop: false,
    store: { name: "", slug: "", slugEdited: false },
  };
  const problem = Object.values(validateSignup(values, null)).find((code) => code !== undefined);
  if (problem) return failure(context, problem);
  const intent = intentFrom(form);
  const response = await callApi(context, accountsApi.register, { body: signupPayload(values, intent) });
  if (response.status !== 200) return apiFailure(context, response);
  return redirect(activationHref(values, response.data, intent));
}
