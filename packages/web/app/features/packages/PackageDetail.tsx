import { Alert, Anchor, Badge, Container, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconArrowLeft, IconCheck, IconCrown } from "@tabler/icons-react";
import { formatMoney } from "@tianguis/domain/money";
import type { MessageCode } from "@tianguis/domain/messages/index";
import type { CurrentPackage, PackageView } from "@tianguis/domain/schemas/package";
import { Link } from "react-router";
import { useLocale, useT } from "../../lib/i18n";
import { BuyButton } from "./BuyButton";
import { formatDate } from "./format";

const includes: MessageCode[] = [
  "package_include_store",
  "package_include_resale",
  "package_include_commissions",
  "package_include_support",
];

/** /apps/paquetes/{id}: one package (the 'Memberships offer' alert target, storefront-and-admin §2). */
export function PackageDetail({ pkg, current, signedIn }: { pkg: PackageView; current: CurrentPackage; signedIn: boolean }) {
  const t = useT();
  const locale = useLocale();
  const money = (amount: number) => formatMoney({ amount, currency: pkg.currency }, locale);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/apps/paquetes" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {t("package_back")}
          </Group>
        </Anchor>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          <Stack gap="sm">
            <Title order={1}>{pkg.name}</Title>
            <Text size="lg">{pkg.description}</Text>
            <Paper withBorder radius="md" p="md">
              <Title order={2} size="h4" mb="sm">
                {t("package_includes_title")}
              </Title>
              <List
                spacing="xs"
                icon={
                  <ThemeIcon color="teal" size={20} radius="xl">
                    <IconCheck size={12} aria-hidden />
                  </ThemeIcon>
                }
              >
                {includes.map((code) => (
                  <List.Item key={code}>{t(code)}</List.Item>
                ))}
              </List>
            </Paper>
          </Stack>
          <Paper withBorder radius="md" p="lg" shadow="sm">
            <Stack gap="sm">
              <Badge variant="light" w="fit-content">
                {pkg.months === 1 ? t("package_one_month") : t("package_months", { months: pkg.months })}
              </Badge>
              <Text fz={36} fw={800} lh={1}>
                {money(pkg.price)}
              </Text>
              <Text c="teal.9" fw={500}>
                {t("package_per_month", { price: money(pkg.monthly_price) })}
              </Text>
              {current && (
                <Alert color="grape" icon={<IconCrown aria-hidden />} p="xs">
                  {t("package_current", { name: current.package.name, date: formatDate(current.valid_until, locale) })}
                </Alert>
              )}
              {!signedIn && (
                <Text size="sm" c="dimmed">
                  {t("package_sign_in_to_buy")}{" "}
                  <Anchor component={Link} to={`/register?package_code=${pkg.id}`}>
                    {t("package_sign_up")}
                  </Anchor>
                </Text>
              )}
              <BuyButton pkg={pkg} signedIn={signedIn} size="lg" />
            </Stack>
          </Paper>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
