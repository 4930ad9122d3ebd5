import { Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * The head of a desk or account page: its one h1, an optional dimmed line under it, an optional link back above it,
 * and the page's actions on the right (they wrap under the title on a phone). Desk pages (shop admin, my products)
 * draw the h1 at h2 size; account pages (`size="responsive"`) at h2 on a phone and h1 from `sm` up.
 */
export function PageHeader({
  title,
  description,
  back,
  actions,
  size = "h2",
}: {
  title: ReactNode;
  description?: ReactNode;
  back?: ReactNode;
  actions?: ReactNode;
  size?: "h2" | "responsive";
}) {
  const heading =
    size === "h2" ? (
      <Title order={1} size="h2">
        {title}
      </Title>
    ) : (
      <Title order={1} fz={{ base: "h2", sm: "h1" }}>
        {title}
      </Title>
    );
  const head =
    back || description ? (
      <Stack gap={4}>
        {back}
        {heading}
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
    ) : (
      heading
    );
  if (!actions) return head;
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      {head}
      {actions}
    </Group>
  );
}
