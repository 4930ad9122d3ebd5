import { Container, Stack, Title } from "@mantine/core";
import { devApi } from "@tianguis/domain/routes/dev";
import { translate } from "@tianguis/domain/messages/index";
import { OutboxList } from "../features/accounts/OutboxList";
import { load } from "../lib/api/load.server";
import { useT } from "../lib/i18n";
import type { Route } from "./+types/dev-outbox";

/** /dev/outbox (development and demo mode; a real production deployment answers 404): every SMS and e-mail sent. */
export async function loader({ context }: Route.LoaderArgs) {
  const outbox = await load(context, devApi.outbox, { query: { limit: 100 } });
  return { messages: outbox.results, title: translate(context.locale, "outbox_title") };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.title ?? ""} · Tianguis` },
  { name: "robots", content: "noindex" },
];

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>{t("outbox_title")}</Title>
        <OutboxList messages={loaderData.messages} />
      </Stack>
    </Container>
  );
}
