import { Alert, Container, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconCrown } from "@tabler/icons-react";
import type { CurrentPackage, PackageView } from "@tianguis/domain/schemas/package";
import { useLocale, useT } from "../../lib/i18n";
import { PackageCard } from "./PackageCard";
import { formatDate } from "./format";

/** /apps/paquetes (commerce-and-accounts §2): the membership packages, the best price per month marked. */
export function PackagesPage({ packages, current, signedIn }: { packages: PackageView[]; current: CurrentPackage; signedIn: boolean }) {
  const t = useT();
  const locale = useLocale();
  const best = packages.reduce<PackageView | null>((found, pkg) => (!found || pkg.monthly_price < found.monthly_price ? pkg : found), null);
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap="xs" maw={720}>
          <Title order={1}>{t("packages_title")}</Title>
          <Text size="lg" c="dimmed">
            {t("packages_intro")}
          </Text>
        </Stack>
        {current && (
          <Alert color="grape" icon={<IconCrown aria-hidden />} role="status">
            {t("package_current", { name: current.package.name, date: formatDate(current.valid_until, locale) })}
          </Alert>
        )}
        {!signedIn && (
          <Alert color="blue" variant="light">
            {t("package_sign_in_to_buy")}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {packages.map((pkg) => (
            <PackageCard key={pkg.id} pkg={pkg} best={pkg.id === best?.id} current={current} signedIn={signedIn} />
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
