import { Container } from "@mantine/core";
import { translate } from "@tianguis/domain/messages/index";
import { redirect } from "react-router";
import { PasswordResetForm } from "../features/accounts/PasswordResetForm";
import { passwordResetAction } from "../features/accounts/auth-actions.server";
import { DemoOutboxNote } from "../features/dev/DemoOutboxNote";
import type { Route } from "./+types/password-reset";

/** /password/reset?username=…: without a username there is nothing to reset, so back to the first step. */
export function loader({ context, request }: Route.LoaderArgs) {
  const username = new URL(request.url).searchParams.get("username")?.trim();
  if (!username) throw redirect("/password/forgot");
  return { username, title: translate(context.locale, "reset_password_title"), demoMode: context.demoMode };
}

export async function action({ context, request }: Route.ActionArgs) {
  return passwordResetAction(context, request);
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.title ?? ""} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** The PIN and the new password; in demo mode, a note on where to read the PIN. */
export default function PasswordReset({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Container size="sm" py="xl">
      {loaderData.demoMode && <DemoOutboxNote />}
      <PasswordResetForm username={loaderData.username} error={actionData?.error} />
    </Container>
  );
}
