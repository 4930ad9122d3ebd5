import { Container, Stack, Text, Title } from "@mantine/core";
import { translate } from "@tianguis/domain/messages/index";
import { useT } from "../lib/i18n";
import type { Route } from "./+types/terms";

export function loader({ context }: Route.LoaderArgs) {
  return { title: translate(context.locale, "terms_title") };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.title ?? ""} · Tianguis` }];

/** /terms: opened in a new tab from the sign-up form. */
export default function Terms() {
  const t = useT();
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>{t("terms_title")}</Title>
        {(["terms_intro", "terms_account", "terms_shops", "terms_purchases", "terms_privacy"] as const).map((code) => (
          <Text key={code}>{t(code)}</Text>
        ))}
      </Stack>
    </Container>
  );
}
