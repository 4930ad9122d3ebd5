import { Badge, Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconBuildingStore, IconCheck, IconCrown, IconPackage, IconShare } from "@tabler/icons-react";
import type { CurrentPackage } from "@tianguis/domain/schemas/package";
import type { MeView } from "@tianguis/domain/schemas/user";
import { type ReactNode, useEffect, useRef } from "react";
import { Link, useRevalidator } from "react-router";
import { useLocale, useT } from "../../lib/i18n";
import { useNeedsApps } from "../../lib/needs-apps";
import { CreateShopCard } from "../accounts/CreateShopCard";
import { SettingUp } from "../accounts/SettingUp";
import { formatDate } from "../packages/format";

function Step({
  n,
  icon,
  title,
  text,
  done,
  children,
}: {
  n: number;
  icon: ReactNode;
  title: string;
  text: string;
  done?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} component="li" style={{ listStyle: "none" }}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon size={44} radius="xl" color={done ? "teal" : "blue"} variant={done ? "filled" : "light"} aria-hidden>
          {done ? <IconCheck size={24} /> : icon}
        </ThemeIcon>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              {t("assistants_step", { n })}
            </Text>
            {done && (
              <Badge color="teal" variant="light" size="sm">
                {t("assistants_done")}
              </Badge>
            )}
          </Group>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text c="dimmed">{text}</Text>
          {children}
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * /asistentes/emprendedores (commerce-and-accounts §2): where a sign-up with a plan lands and the '¡Gana comisiones!'
 * button leads: the next steps to set up a store, add products with the picker, share and earn, and pick a plan.
 * Reached from a sign-up with a plan, it says the account is still being set up while the registration-needs-apps flag
 * is on, and loads the steps again (the plan's level and package) once it clears.
 */
export function AssistantsPage({ user, current }: { user: MeView; current: CurrentPackage }) {
  const t = useT();
  const locale = useLocale();
  const needsApps = useNeedsApps();
  const revalidator = useRevalidator();
  const waited = useRef(false);
  useEffect(() => {
    if (needsApps) waited.current = true;
    else if (waited.current) {
      waited.current = false;
      void revalidator.revalidate();
    }
  }, [needsApps, revalidator]);
  const shopPath = user.shop_slug ? `/tienda/${user.shop_slug}` : null;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{t("assistants_title")}</Title>
          <Text size="lg" c="dimmed">
            {t("assistants_intro")}
          </Text>
          {current && (
            <Badge size="lg" variant="light" color="grape" w="fit-content" leftSection={<IconCrown size={14} aria-hidden />}>
              {t("package_current", { name: current.package.name, date: formatDate(current.valid_until, locale) })}
            </Badge>
          )}
        </Stack>
        {needsApps && <SettingUp />}
        <Stack gap="md" component="ol" p={0} m={0}>
          <Step
            n={1}
            icon={<IconBuildingStore size={24} />}
            title={t("assistants_store_title")}
            text={t("assistants_store_text")}
            done={Boolean(shopPath)}
          >
            {shopPath ? (
              <Button component={Link} to={shopPath} variant="light" w="fit-content">
                {t("assistants_store_open")}
              </Button>
            ) : (
              <CreateShopCard />
            )}
          </Step>
          <Step n={2} icon={<IconPackage size={24} />} title={t("assistants_products_title")} text={t("assistants_products_text")}>
            {shopPath ? (
              <Button component={Link} to={`${shopPath}/productos`} w="fit-content">
                {t("assistants_products_action")}
              </Button>
            ) : (
              <Text size="sm" fw={500}>
                {t("assistants_products_after_store")}
              </Text>
            )}
          </Step>
          <Step n={3} icon={<IconShare size={24} />} title={t("assistants_referral_title")} text={t("assistants_referral_text")}>
            <Button component={Link} to="/apps/me/referral" variant="light" w="fit-content">
              {t("assistants_referral_action")}
            </Button>
          </Step>
          <Step n={4} icon={<IconCrown size={24} />} title={t("assistants_plans_title")} text={t("assistants_plans_text")}>
            <Group gap="sm">
              <Button component={Link} to="/apps/me/referral/resale/plans" variant="light">
                {t("assistants_plans_action")}
              </Button>
              <Button component={Link} to="/apps/me/suscripcion">
                {t("assistants_subscription_action")}
              </Button>
              <Button component={Link} to="/apps/paquetes" variant="outline">
                {t("assistants_packages_action")}
              </Button>
            </Group>
          </Step>
        </Stack>
      </Stack>
    </Container>
  );
}
