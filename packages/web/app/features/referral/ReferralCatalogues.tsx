import { Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { withReferral } from "@tianguis/domain/rules/referral";
import type { CatalogueView } from "@tianguis/domain/schemas/catalogue";
import { Link } from "react-router";
import { useT } from "../../lib/i18n";
import { CopyField } from "./CopyField";
import { useAbsoluteUrl } from "./useAbsoluteUrl";

/** /apps/me/referral/resale/catalogues: the reseller's catalogues, each with a link carrying their referral code. */
export function ReferralCatalogues({ code, shopSlug, catalogues }: { code: string; shopSlug: string | null; catalogues: CatalogueView[] }) {
  const t = useT();
  if (!shopSlug || catalogues.length === 0)
    return (
      <Paper withBorder p="xl" radius="md">
        <Stack align="flex-start">
          <Text>{t("referral_catalogues_empty")}</Text>
          {shopSlug && (
            <Button component={Link} to={`/tienda/${shopSlug}/catalogos`} variant="light">
              {t("referral_catalogues")}
            </Button>
          )}
        </Stack>
      </Paper>
    );
  return (
    <Stack gap="md">
      <Text c="dimmed">{t("referral_catalogues_intro")}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {catalogues.map((catalogue) => (
          <CatalogueCard
            key={catalogue.id}
            catalogue={catalogue}
            path={withReferral(`/tienda/${shopSlug}/catalogos/${catalogue.slug}`, code)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function CatalogueCard({ catalogue, path }: { catalogue: CatalogueView; path: string }) {
  const t = useT();
  const link = useAbsoluteUrl(path);
  return (
    <Card withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} fz="h5" lineClamp={1}>
            <Link to={path}>{catalogue.name}</Link>
          </Title>
          <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {t("referral_products_count", { count: catalogue.num_products })}
          </Text>
        </Group>
        <CopyField label={t("referral_share_catalogue")} value={link} />
      </Stack>
    </Card>
  );
}
