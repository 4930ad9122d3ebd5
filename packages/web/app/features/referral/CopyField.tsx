import { Box, Button, CopyButton, TextInput } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useT } from "../../lib/i18n";

/** A read-only link with its copy button ('Copiar enlace' → 'Enlace copiado'); on narrow screens the button wraps below. */
export function CopyField({ label, value, stacked = false }: { label: string; value: string; stacked?: boolean }) {
  const t = useT();
  return (
    <Box style={{ display: "flex", flexWrap: "wrap", gap: "var(--mantine-spacing-xs)", alignItems: "flex-end" }}>
      <TextInput
        readOnly
        label={label}
        value={value}
        style={{ flex: stacked ? "1 1 100%" : "1 1 16rem", minWidth: 0 }}
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button variant="light" onClick={copy} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}>
            {copied ? t("link_copied") : t("copy_link")}
          </Button>
        )}
      </CopyButton>
    </Box>
  );
}
