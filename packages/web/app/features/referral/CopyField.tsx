import { Button, CopyButton, Group, TextInput } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useT } from "../../lib/i18n";

/** A read-only link with its copy button ('Copiar enlace' → 'Enlace copiado'). */
export function CopyField({ label, value, stacked = false }: { label: string; value: string; stacked?: boolean }) {
  const t = useT();
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput readOnly label={label} value={value} style={{ flex: 1, minWidth: 0 }} onFocus={(event) => event.currentTarget.select()} />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button variant="light" onClick={copy} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}>
            {copied ? t("link_copied") : t("copy_link")}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
