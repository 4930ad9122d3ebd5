import { ActionIcon, Button, Group, Paper, Stack, Text, Transition } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { Link } from "react-router";
import { useT } from "../../lib/i18n";
import { useOpenedAfterMount } from "../../lib/lazy-part";

/** The '¡Gana comisiones!' panel, loaded on its first opening (CommissionPromo.tsx); it pops up from the button. */
export function CommissionPanel({ id, opened, onClose }: { id: string; opened: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Transition mounted={useOpenedAfterMount(opened)} transition="pop-bottom-left" duration={150}>
      {(styles) => (
        <Paper id={id} role="dialog" aria-label={t("promo_commissions")} shadow="lg" radius="md" p="md" withBorder maw={300} style={styles}>
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700}>{t("promo_commissions")}</Text>
              <ActionIcon variant="subtle" color="gray" onClick={onClose} aria-label={t("promo_close")}>
                <IconX size={16} />
              </ActionIcon>
            </Group>
            <Text size="sm">{t("promo_commissions_text")}</Text>
            <Button component={Link} to="/asistentes/emprendedores" onClick={onClose}>
              {t("promo_commissions_action")}
            </Button>
          </Stack>
        </Paper>
      )}
    </Transition>
  );
}
