import { Anchor, AppShell, Container, Group, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useT } from "../../lib/i18n";
import { UserMenu } from "../accounts/UserMenu";
import { AlertsBell } from "../alerts/AlertsBell";
import { CommissionPromo } from "../onboarding/CommissionPromo";
import { SubscriptionFloatGate } from "../subscriptions/SubscriptionFloatGate";
import { ColorSchemeToggle } from "../../ui/ColorSchemeToggle";
import { LanguageSwitch } from "../../ui/LanguageSwitch";

export function MarketplaceChrome({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <AppShell.Header>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between">
            <Group renderRoot={(props) => <Link to="/" {...props} />} gap="xs" style={{ textDecoration: "none" }}>
              <img src="/favicon.svg" alt="" width={32} height={32} />
              <Title order={2} size="h3">
                Tianguis
              </Title>
            </Group>
            <Group gap={4}>
              <Anchor component={Link} to="/red-comercial" visibleFrom="sm" mr="sm" fw={500}>
                {t("network_title")}
              </Anchor>
              <Anchor component={Link} to="/catalogos" visibleFrom="sm" mr="sm" fw={500}>
                {t("catalogues")}
              </Anchor>
              <LanguageSwitch />
              <ColorSchemeToggle />
              <AlertsBell />
              <UserMenu />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main>
        {children}
        <CommissionPromo />
        <SubscriptionFloatGate />
        <Container size="xl" py="xl">
          <Text size="sm" c="dimmed" ta="center">
            Tianguis · {t("marketplace_tagline")}
          </Text>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
