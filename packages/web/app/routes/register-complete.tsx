import { Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { translate } from "@tianguis/domain/messages/index";
import { useEffect } from "react";
import { Link, data } from "react-router";
import { trackRegistration } from "../features/accounts/registration-pixel";
import { safeNext } from "../features/accounts/next-path";
import { trackingHeaders } from "../features/referral/tracking.server";
import { useT } from "../lib/i18n";
import { intentFrom } from "../lib/signup-intent";
import { useUser } from "../lib/user";
import type { Route } from "./+types/register-complete";

/**
 * /register/complete/: after sign-up (commerce-and-accounts L20). Query: code, number, username, page, package_code,
 * referal_id, click_id, pixel. The referral and click are kept in the tracking cookies for the first purchase, a package
 * code offers that package, and the pixel hears the completed registration.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const page = query.get("page");
  const intent = intentFrom(query);
  const tracking = new URLSearchParams();
  if (intent.referral_id) tracking.set("referral", intent.referral_id);
  if (intent.click_id) tracking.set("click_id", intent.click_id);
  const account = (query.get("username") ?? query.get("number") ?? "").slice(0, 100);
  return data(
    {
      page: page ? safeNext(page) : null,
      account,
      packageCode: intent.package_code ?? null,
      pixel: intent.pixel ?? null,
      title: translate(context.locale, "register_complete_title"),
    },
    { headers: trackingHeaders(request, tracking) },
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.title ?? ""} · Tianguis` },
  { name: "robots", content: "noindex" },
];

export default function RegisterComplete({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const user = useUser();
  const { pixel } = loaderData;
  useEffect(() => {
    if (pixel) trackRegistration({ pixel }, true);
  }, [pixel]);
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
          <Text ta="center">{user ? `${user.full_name} · ${user.username}` : loaderData.account || null}</Text>
          <Text ta="center" c="dimmed">
            {t("register_complete_text")}
          </Text>
          <Group justify="center">
            {loaderData.packageCode && (
              <Button component={Link} to={`/apps/paquetes/${loaderData.packageCode}`}>
                {t("register_complete_see_package")}
              </Button>
            )}
            {shopPath && (
              <Button component={Link} to={shopPath} variant={loaderData.packageCode ? "light" : "filled"}>
                {t("register_complete_go_shop")}
              </Button>
            )}
            <Button component={Link} to="/" variant={shopPath || loaderData.packageCode ? "light" : "filled"}>
              {t("register_complete_go_home")}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
