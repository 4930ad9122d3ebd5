import { Container } from "@mantine/core";
import { translate } from "@tianguis/domain/messages/index";
import { redirect } from "react-router";
import { SignupForm } from "../features/accounts/SignupForm";
import { signedInUser } from "../lib/me.server";
import { registerAction } from "../features/accounts/auth-actions.server";
import { intentFrom } from "../lib/signup-intent";
import type { Route } from "./+types/register";

/**
 * /register: sign-up; ?tienda=1 turns on store creation on signup (phone, 'create store now'). A landing's plan,
 * landing_code, package_code, referral_id and click_id in the query go with the sign-up (lib/signup-intent.ts).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (await signedInUser(context)) throw redirect("/preferencias");
  const query = new URL(request.url).searchParams;
  const intent = intentFrom(query);
  const createShop = query.get("tienda") === "1" || intent.landing_code === "proveedores";
  return { createShop, intent, title: translate(context.locale, "signup_title") };
}

export async function action({ context, request }: Route.ActionArgs) {
  return registerAction(context, request);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.title ?? ""} · Tianguis` }];

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Container size="sm" py="xl">
      <SignupForm
        key={String(loaderData.createShop)}
        createShopOnSignup={loaderData.createShop}
        intent={loaderData.intent}
        serverError={actionData?.error}
      />
    </Container>
  );
}
