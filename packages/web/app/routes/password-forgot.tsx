import { Container } from "@mantine/core";
import { translate } from "@tianguis/domain/messages/index";
import { redirect } from "react-router";
import { PasswordForgotForm } from "../features/accounts/PasswordForgotForm";
import { signedInUser } from "../lib/me.server";
import { passwordForgotAction } from "../features/accounts/auth-actions.server";
import type { Route } from "./+types/password-forgot";

export async function loader({ context }: Route.LoaderArgs) {
  if (await signedInUser(context)) throw redirect("/preferencias");
  return { title: translate(context.locale, "forgot_password_title") };
}

export async function action({ context, request }: Route.ActionArgs) {
  return passwordForgotAction(context, request);
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.title ?? ""} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** /password/forgot: '¿Olvidaste tu contraseña?' asks for the account's e-mail or phone. */
export default function PasswordForgot({ actionData }: Route.ComponentProps) {
  return (
    <Container size="sm" py="xl">
      <PasswordForgotForm error={actionData?.error} />
    </Container>
  );
}
