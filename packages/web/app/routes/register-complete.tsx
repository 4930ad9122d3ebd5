import { Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { translate } from "@tianguis/domain/messages/index";
import { Link } from "react-router";
import { safeNext } from "../features/accounts/next-path";
import { useT } from "../lib/i18n";
import { useUser } from "../lib/user";
import type { Route } from "./+types/register-complete";

/** /register/complete/: after sign-up. Query: code, number, username, page, package_code, referal_id, click_id, pixel. */
export function loader({ context, request }: Route.LoaderArgs) {
  const page = new URL(request.url).searchParams.get("page");
  return { page: page ? safeNext(page) : null, title: translate(context.locale, "register_complete_title") };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.title ?? ""} · Tianguis` },
  { name: "robots", content: "noindex" },
];

export default function RegisterComplete({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const user = useUser();
  const shopPath = user?.shop_slug ? `/tienda/${user.shop_slug}` : loaderData.page;
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="xl" maw={480} mx="auto">
        <Stack align="center" gap="md">
          <ThemeIcon size={56} radius="xl" color="teal">
            <IconCheck size={32} />
          </ThemeIcon>
          <Title order={1} size="h2" ta="center">
            {t("register_complete_title")}
          </Title>
          <Text ta="center">{user ? `${user.full_name} · ${user.username}` : null}</Text>
          <Text ta="center" c="dimmed">
            {t("register_complete_text")}
          </Text>
          <Group justify="center">
            {shopPath && (
              <Button component={Link} to={shopPath}>
                {t("register_complete_go_shop")}
              </Button>
            )}
            <Button component={Link} to="/" variant={shopPath ? "light" : "filled"}>
              {t("register_complete_go_home")}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
