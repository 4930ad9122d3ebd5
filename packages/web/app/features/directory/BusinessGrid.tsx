import type { BusinessView } from "@tianguis/domain/schemas/directory";
import { Avatar, Badge, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { useT } from "../../lib/i18n";
import classes from "../catalog/catalog.module.css";

/** Businesses tab: a card per business linking to its page (/negocios/{slug}). */
export function BusinessGrid({ businesses }: { businesses: BusinessView[] }) {
  const t = useT();
  if (businesses.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t("network_empty")}
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      {businesses.map((business) => (
        <Link key={business.id} to={`/negocios/${business.slug}`} className={classes.link} aria-label={business.name}>
          <Card withBorder radius="md" padding="lg" h="100%" className={classes.card} style={{ borderTop: `4px solid ${business.color}` }}>
            <Group wrap="nowrap" align="flex-start">
              <Avatar src={business.photo} alt="" size={64} radius="xl" color={business.color}>
                {business.name.slice(0, 1)}
              </Avatar>
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text fw={700} lineClamp={1}>
                  {business.name}
                </Text>
                {business.description && (
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {business.description}
                  </Text>
                )}
                <Group gap={6}>
                  <Badge variant="light" size="sm">
                    {t("network_items", { count: business.items })}
                  </Badge>
                  <Text size="sm" fw={600} c={business.color}>
                    {t("network_visit")} →
                  </Text>
                </Group>
              </Stack>
            </Group>
          </Card>
        </Link>
      ))}
    </SimpleGrid>
  );
}
