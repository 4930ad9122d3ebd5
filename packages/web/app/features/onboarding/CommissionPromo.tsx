import { ActionIcon, Affix, Button, Group, Paper, Stack, Text, Transition } from "@mantine/core";
import { useClickOutside } from "@mantine/hooks";
import { IconCoin, IconX } from "@tabler/icons-react";
import { showsCommissionPromo } from "@tianguis/domain/rules/packages";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { useT } from "../../lib/i18n";
import { useUser } from "../../lib/user";

/**
 * The floating '¡Gana comisiones!' button (commerce-and-accounts §2, §6): only for level-one users. A click opens a
 * panel leading to /asistentes/emprendedores; a click outside or Esc closes it; on a phone it can be hidden.
 */
export function CommissionPromo() {
  const t = useT();
  const user = useUser();
  const [open, setOpen] = useState(false);
  const [hidden, setHidden] = useState(false);
  const panelId = useId();
  const ref = useClickOutside(() => setOpen(false));
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
  if (!showsCommissionPromo(user?.user_level) || hidden) return null;
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={180}>
      <Stack ref={ref} gap="xs" align="flex-start">
        <Transition mounted={open} transition="pop-bottom-left" duration={150}>
          {(styles) => (
            <Paper
              id={panelId}
              role="dialog"
              aria-label={t("promo_commissions")}
              shadow="lg"
              radius="md"
              p="md"
              withBorder
              maw={300}
              style={styles}
            >
              <Stack gap="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={700}>{t("promo_commissions")}</Text>
                  <ActionIcon variant="subtle" color="gray" onClick={() => setOpen(false)} aria-label={t("promo_close")}>
                    <IconX size={16} />
                  </ActionIcon>
                </Group>
                <Text size="sm">{t("promo_commissions_text")}</Text>
                <Button component={Link} to="/asistentes/emprendedores" onClick={() => setOpen(false)}>
                  {t("promo_commissions_action")}
                </Button>
              </Stack>
            </Paper>
          )}
        </Transition>
        <Group gap={4} wrap="nowrap">
          <Button
            radius="xl"
            color="grape"
            leftSection={<IconCoin size={18} aria-hidden />}
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
            aria-controls={panelId}
            style={{ boxShadow: "var(--mantine-shadow-md)" }}
          >
            {t("promo_commissions")}
          </Button>
          <ActionIcon hiddenFrom="sm" variant="default" radius="xl" size="lg" onClick={() => setHidden(true)} aria-label={t("promo_hide")}>
            <IconX size={16} />
          </ActionIcon>
        </Group>
      </Stack>
    </Affix>
  );
}
