import { Anchor, Button, Container, Paper, Stack, Tabs, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { useT } from "../../lib/i18n";
import { LoadingRows } from "./ReferralSkeleton";

export const referralTabs = [
  { value: "products", path: "/apps/me/referral", label: "referral_tab_products" },
  { value: "plans", path: "/apps/me/referral/resale/plans", label: "referral_tab_plans" },
  { value: "catalogues", path: "/apps/me/referral/resale/catalogues", label: "referral_catalogues" },
  { value: "campaigns", path: "/apps/me/referral/campaigns", label: "referral_campaigns" },
  { value: "referred", path: "/apps/me/referral/referred", label: "referred_tab" },
] as const;

export type ReferralTab = (typeof referralTabs)[number]["value"];

/** The referral area's frame (commerce-and-accounts §2): tabs Productos and Planes de servicio, catalogues, campaigns. */
export function ReferralLayout({ tab, allowed, children }: { tab: ReferralTab; allowed: boolean; children: ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Container size="lg" py="lg">
      <Title order={1} fz={{ base: "h2", sm: "h1" }} mb="md">
        {t("referral_area")}
      </Title>
      {allowed ? (
        <Tabs
          value={tab}
          onChange={(value) => {
            const target = referralTabs.find((entry) => entry.value === value);
            if (target) navigate(target.path);
          }}
          keepMounted={false}
        >
          <Tabs.List mb="lg" style={{ overflowX: "auto", flexWrap: "nowrap" }}>
            {referralTabs.map((entry) => (
              <Tabs.Tab key={entry.value} value={entry.value}>
                {t(entry.label)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={tab}>
            <LoadingRows pathPrefix="/apps/me/referral">{children}</LoadingRows>
          </Tabs.Panel>
        </Tabs>
      ) : (
        <NoReferralArea />
      )}
    </Container>
  );
}

function NoReferralArea() {
  const t = useT();
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="flex-start" gap="md">
        <Text>{t("referral_no_area")}</Text>
        <Button component={Link} to="/preferencias">
          {t("referral_open_store")}
        </Button>
        <Anchor component={Link} to="/" size="sm">
          {t("register_complete_go_home")}
        </Anchor>
      </Stack>
    </Paper>
  );
}
