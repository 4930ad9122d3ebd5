import { Container } from "@mantine/core";
import { translate } from "@tianguis/domain/messages/index";
import { ActivatePin } from "../features/accounts/ActivatePin";
import type { Route } from "./+types/register-activate";

export function loader({ context }: Route.LoaderArgs) {
  return { title: translate(context.locale, "activate_title") };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.title ?? ""} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** /register/activate/: PIN confirmation (commerce-and-accounts §2). */
export default function RegisterActivate() {
  return (
    <Container size="sm" py="xl">
      <ActivatePin />
    </Container>
  );
}
