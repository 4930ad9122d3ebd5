import { ActionIcon, Button, Group, Input, Stack, TextInput } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useT } from "../../lib/i18n";

/** Variants: a map of name to value, edited as rows. */
export function VariantsField({
  value,
  onChange,
}: {
  value: { name: string; value: string }[];
  onChange: (next: { name: string; value: string }[]) => void;
}) {
  const t = useT();
  const set = (index: number, key: "name" | "value", text: string) =>
    onChange(value.map((row, at) => (at === index ? { ...row, [key]: text } : row)));
  return (
    <Input.Wrapper label={t("field_variants")}>
      <Stack gap="xs" mt={6}>
        {value.map((row, index) => (
          <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              flex={1}
              aria-label={t("variant_name")}
              placeholder={t("variant_name")}
              value={row.name}
              onChange={(event) => set(index, "name", event.currentTarget.value)}
              maxLength={60}
            />
            <TextInput
              flex={1}
              aria-label={t("variant_value")}
              placeholder={t("variant_value")}
              value={row.value}
              onChange={(event) => set(index, "value", event.currentTarget.value)}
              maxLength={120}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t("variant_remove")}
              onClick={() => onChange(value.filter((_, at) => at !== index))}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...value, { name: "", value: "" }])}
          w="fit-content"
        >
          {t("variant_add")}
        </Button>
      </Stack>
    </Input.Wrapper>
  );
}
