import { Container } from "@mantine/core";
import { translate } from "@tianguis/domain/messages/index";
import { redirect } from "react-router";
import { SignupForm } from "../features/accounts/SignupForm";
import { signedInUser } from "../features/accounts/accounts.server";
import { registerAction } from "../features/accounts/auth-actions.server";
import type { Route } from "./+types/register";

/** /register: sign-up; ?tienda=1 turns on store creation on signup (phone, 'create store now'). */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (await signedInUser(context)) throw redirect("/preferencias");
  const createShop = new URL(request.url).searchParams.get("tienda") === "1";
  return { createShop, title: translate(context.locale, "signup_title") };
}

export async function action({ context, request }: Route.ActionArgs) {
  return registerAction(context, request);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.title ?? ""} · Tianguis` }];

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Container size="sm" py="xl">
      <SignupForm key={String(loaderData.createShop)} createShopOnSignup={loaderData.createShop} serverError={actionData?.error} />
    </Container>
  );
}
