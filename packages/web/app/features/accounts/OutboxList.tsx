import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import type { OutboxMessage } from "@tianguis/domain/schemas/dev";
import { useLocale, useT } from "../../lib/i18n";

/** The notifier's outbox, newest first: demo users and tests read their PIN here. */
export function OutboxList({ messages }: { messages: OutboxMessage[] }) {
  const t = useT();
  const locale = useLocale();
  if (messages.length === 0) return <Text c="dimmed">{t("outbox_empty")}</Text>;
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {messages.map((message) => (
        <Card key={message.id} withBorder component="li" aria-label={`${t("outbox_to")} ${message.to}`}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs">
              <Badge variant="light" color={message.channel === "sms" ? "grape" : "blue"}>
                {message.channel.toUpperCase()}
              </Badge>
              <Text fw={600}>{message.to}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              {new Date(message.created_at).toLocaleString(locale)}
            </Text>
          </Group>
          {message.subject && (
            <Text size="sm" fw={500} mt="xs">
              {message.subject}
            </Text>
          )}
          <Text mt={4}>{message.body}</Text>
        </Card>
      ))}
    </Stack>
  );
}
