import { Container, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A back-office list page (the shop's contacts, its activity): heading and intro, the filters, the count read out when
 * it changes, then the empty state when there is nothing to list or the list itself, and the pagination.
 */
export function FilteredListPage({
  title,
  intro,
  filters,
  count,
  emptyState,
  pagination,
  children,
}: {
  title: string;
  intro: string;
  filters: ReactNode;
  count: string;
  /** Shown instead of the list when set. */
  emptyState: ReactNode;
  pagination: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size="lg" py="lg" px={{ base: "sm", sm: "md" }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: "h2", sm: "h1" }}>
            {title}
          </Title>
          <Text c="dimmed">{intro}</Text>
        </div>
        {filters}
        <Text size="sm" c="dimmed" aria-live="polite">
          {count}
        </Text>
        {emptyState || children}
        {pagination}
      </Stack>
    </Container>
  );
}
