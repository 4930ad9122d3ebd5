import { Container } from "@mantine/core";
import { translate } from "@tianguis/domain/messages/index";
import { ActivatePin } from "../features/accounts/ActivatePin";
import { DemoOutboxNote } from "../features/dev/DemoOutboxNote";
import type { Route } from "./+types/register-activate";

export function loader({ context }: Route.LoaderArgs) {
  return { title: translate(context.locale, "activate_title"), demoMode: context.demoMode };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.title ?? ""} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** /register/activate/: PIN confirmation (commerce-and-accounts §2); in demo mode, a note on where to read the PIN. */
export default function RegisterActivate({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="sm" py="xl">
      {loaderData.demoMode && <DemoOutboxNote />}
      <ActivatePin />
    </Container>
  );
}
