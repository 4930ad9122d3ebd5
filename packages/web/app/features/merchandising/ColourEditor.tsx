import { ColorInput, ColorSwatch, Group, Stack, Text, UnstyledButton } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconCheck } from "@tabler/icons-react";
import { useState } from "react";
import { shopsApi } from "@tianguis/domain/routes/shops";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";

const presets = ["#c2410c", "#b91c1c", "#be185d", "#7c3aed", "#1d4ed8", "#0f766e", "#15803d", "#a16207", "#334155", "#111827"];

/** Shop colour: preset swatches and a custom colour; changes are sent 250 ms after the last move (field + color1). */
export function ColourEditor({ shopSlug, value }: { shopSlug: string; value: string }) {
  const t = useT();
  const { run } = useMutation();
  const [colour, setColour] = useState(value);
  const send = useDebouncedCallback(
    (next: string) => run(() => api(shopsApi.update, { params: { slug: shopSlug }, body: { field: "color1", color1: next } })),
    250,
  );
  const choose = (next: string) => {
    setColour(next);
    if (/^#[0-9a-fA-F]{6}$/.test(next)) send(next);
  };
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t("shop_colour")}
      </Text>
      <Group gap={6}>
        {presets.map((preset) => (
          <UnstyledButton key={preset} onClick={() => choose(preset)} aria-label={preset} aria-pressed={colour.toLowerCase() === preset}>
            <ColorSwatch color={preset} size={28}>
              {colour.toLowerCase() === preset && <IconCheck size={14} color="white" />}
            </ColorSwatch>
          </UnstyledButton>
        ))}
      </Group>
      <ColorInput label={t("custom_colour")} value={colour} onChange={choose} format="hex" />
    </Stack>
  );
}
