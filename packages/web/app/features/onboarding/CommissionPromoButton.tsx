import { ActionIcon, Box, Button, Group, Stack } from "@mantine/core";
import { useClickOutside } from "@mantine/hooks";
import { IconCoin, IconX } from "@tabler/icons-react";
import { useEffect, useId, useState } from "react";
import { useT } from "../../lib/i18n";
import { intentToOpen, lazyPart, useOpenedOnce } from "../../lib/lazy-part";

// The panel (and its transition) downloads when the visitor reaches for the button, not with every page (issue 16).
const CommissionPanel = lazyPart(() => import("./CommissionPanel").then((module) => module.CommissionPanel));

/**
 * The floating '¡Gana comisiones!' button (commerce-and-accounts §2, §6): only for level-one users (CommissionPromo.tsx).
 * A click opens a panel leading to /asistentes/emprendedores; a click outside or Esc closes it; on a phone it can be
 * hidden. The button is fixed to the screen's corner by its own style, without Mantine's Affix and the portal it brings.
 */
export function CommissionPromoButton() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [hidden, setHidden] = useState(false);
  const panelId = useId();
  const ref = useClickOutside(() => setOpen(false));
  const openedOnce = useOpenedOnce(open);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
  if (hidden) return null;
  return (
    <Box style={{ position: "fixed", bottom: 16, left: 16, zIndex: 180 }}>
      <Stack ref={ref} gap="xs" align="flex-start">
        {openedOnce && <CommissionPanel id={panelId} opened={open} onClose={() => setOpen(false)} />}
        <Group gap={4} wrap="nowrap">
          <Button
            radius="xl"
            color="grape"
            leftSection={<IconCoin size={18} aria-hidden />}
            onClick={() => setOpen((value) => !value)}
            {...intentToOpen(CommissionPanel)}
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
    </Box>
  );
}
