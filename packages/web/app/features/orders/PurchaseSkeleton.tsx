import { Container, Paper, SimpleGrid, Skeleton, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { useLocation, useNavigation } from "react-router";
import { useT } from "../../lib/i18n";

const DETAIL_PATH = /\/mis-compras\/[^/]+\/?$/;

/** The shape of the purchase page while it loads. */
export function PurchaseSkeleton() {
  const t = useT();
  return (
    <Container size="md" py="lg" px={{ base: "sm", sm: "md" }} aria-busy="true" aria-label={t("loading")}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Skeleton height={32} width="60%" />
          <Skeleton height={16} width="40%" />
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Skeleton height={120} radius="md" />
          <Skeleton height={120} radius="md" />
        </SimpleGrid>
        {[0, 1].map((key) => (
          <Paper key={key} withBorder radius="md" p="md">
            <Stack gap="sm">
              <Skeleton height={20} width="45%" />
              <Skeleton height={28} />
              <Skeleton height={56} />
              <Skeleton height={16} width="30%" />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Container>
  );
}

/** Shows the skeleton instead of `children` while the app navigates to another purchase's page (list → detail). */
export function PurchaseLoading({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  const here = useLocation();
  const target = navigation.state === "loading" ? navigation.location : undefined;
  const toAnotherPurchase = target !== undefined && DETAIL_PATH.test(target.pathname) && target.pathname !== here.pathname;
  return toAnotherPurchase ? <PurchaseSkeleton /> : children;
}
