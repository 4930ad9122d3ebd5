import { Alert, Anchor, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useT } from "../../lib/i18n";

/** Demo mode (README, DEMO_MODE): nothing is really sent, so tell a new user where the sign-up PIN waits. */
export function DemoOutboxNote() {
  const t = useT();
  return (
    <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} mb="md">
      <Text size="sm">
        {t("demo_outbox_note")}{" "}
        <Anchor href="/dev/outbox" target="_blank" rel="noopener" fw={600}>
          /dev/outbox
        </Anchor>
      </Text>
    </Alert>
  );
}
