import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { formatMoney } from "@tianguis/domain/money";
import type { CurrentPackage, PackageView } from "@tianguis/domain/schemas/package";
import { Link } from "react-router";
import { useLocale, useT } from "../../lib/i18n";
import { BuyButton } from "./BuyButton";

/** One package in the /apps/paquetes grid: name, price, price per month, what it is, buy. */
export function PackageCard({
  pkg,
  best,
  current,
  signedIn,
}: {
  pkg: PackageView;
  best: boolean;
  current: CurrentPackage;
  signedIn: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const money = (amount: number) => formatMoney({ amount, currency: pkg.currency }, locale);
  const isCurrent = current?.package.id === pkg.id;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      shadow={best ? "md" : "xs"}
      style={best ? { borderColor: "var(--mantine-color-teal-6)", borderWidth: 2 } : undefined}
      component="article"
      aria-labelledby={`package-${pkg.id}`}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id={`package-${pkg.id}`}>
            <Anchor component={Link} to={`/apps/paquetes/${pkg.id}`} inherit c="inherit">
              {pkg.name}
            </Anchor>
          </Title>
          {best && <Badge color="teal">{t("package_best_value")}</Badge>}
          {isCurrent && <Badge color="grape">{t("package_is_current")}</Badge>}
        </Group>
        <Text size="sm" c="dimmed">
          {pkg.months === 1 ? t("package_one_month") : t("package_months", { months: pkg.months })}
        </Text>
        <Text fz={30} fw={800} lh={1}>
          {money(pkg.price)}
        </Text>
        <Text size="sm" c="teal.9" fw={500}>
          {t("package_per_month", { price: money(pkg.monthly_price) })}
        </Text>
        <Text size="sm" style={{ flex: 1 }}>
          {pkg.description}
        </Text>
        <BuyButton pkg={pkg} signedIn={signedIn} variant={best ? "filled" : "light"} />
        <Button component={Link} to={`/apps/paquetes/${pkg.id}`} variant="subtle" size="xs">
          {t("package_see_more")}
        </Button>
      </Stack>
    </Card>
  );
}
