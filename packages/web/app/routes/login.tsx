import { Container } from "@mantine/core";
import { translate } from "@tianguis/domain/messages/index";
import { redirect } from "react-router";
import { LoginForm } from "../features/accounts/LoginForm";
import { signedInUser } from "../lib/me.server";
import { loginAction } from "../features/accounts/auth-actions.server";
import { safeNext } from "../features/accounts/next-path";
import type { Route } from "./+types/login";

export async function loader({ context, request }: Route.LoaderArgs) {
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  if (await signedInUser(context)) throw redirect(next);
  return { next, title: translate(context.locale, "login_title") };
}

export async function action({ context, request }: Route.ActionArgs) {
  return loginAction(context, request);
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.title ?? ""} · Tianguis` }];

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Container size="sm" py="xl">
      <LoginForm next={loaderData.next} error={actionData?.error} />
    </Container>
  );
}
