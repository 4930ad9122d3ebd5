import { Container, Stack, Tabs, Text, Title } from "@mantine/core";
import { IconBuildingStore, IconPackage } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { useT } from "../../lib/i18n";

/** The business network frame: title and the two tabs, businesses (/red-comercial) and products (/products). */
export function NetworkTabs({ active, children }: { active: "businesses" | "products"; children: ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Container size="xl" py="xl">
      <Stack gap={4} mb="lg">
        <Title order={1}>{t("network_title")}</Title>
        <Text c="dimmed">{t("network_intro")}</Text>
      </Stack>
      <Tabs value={active} onChange={(value) => navigate(value === "products" ? "/products" : "/red-comercial")} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="businesses" leftSection={<IconBuildingStore size={16} />}>
            {t("network_businesses")}
          </Tabs.Tab>
          <Tabs.Tab value="products" leftSection={<IconPackage size={16} />}>
            {t("network_products")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={active}>{children}</Tabs.Panel>
      </Tabs>
    </Container>
  );
}
