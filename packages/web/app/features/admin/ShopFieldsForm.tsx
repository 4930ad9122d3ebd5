import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { type MessageCode, messageCode } from "@tianguis/domain/messages/index";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { type ReactNode, useState } from "react";
import type { z } from "zod";
import { useT } from "../../lib/i18n";
import { useShopPatch } from "./useShopPatch";

export interface ShopTextField<Field extends string> {
  name: Field;
  label: string;
  placeholder?: string;
  inputMode?: "numeric" | "url";
}

/**
 * A settings card of the shop's own text fields (social links, integrations): empty fields are sent as null, each is
 * checked by the same schema the API uses, and save is disabled when nothing changed or while it saves.
 */
export function ShopFieldsForm<Field extends string>({
  shop,
  title,
  hint,
  fields,
  schema,
  children,
}: {
  shop: ShopView;
  title: string;
  hint?: string;
  /** Controls that save on their own (switches), above the text fields. */
  children?: ReactNode;
  fields: readonly ShopTextField<Field>[];
  schema: z.ZodType;
}) {
  const t = useT();
  const { patch, submitting } = useShopPatch(shop.slug);
  const initial = Object.fromEntries(fields.map(({ name }) => [name, (shop[name as keyof ShopView] as string | null) ?? ""])) as Record<
    Field,
    string
  >;
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const body = Object.fromEntries(fields.map(({ name }) => [name, values[name].trim() === "" ? null : values[name].trim()]));
  const parsed = schema.safeParse(body);
  const errors: Partial<Record<Field, string>> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[issue.path[0] as Field] = t(messageCode(issue.message) as MessageCode);
  const pristine = fields.every(({ name }) => values[name] === saved[name]);
  const submit = async () => {
    setTouched(Object.fromEntries(fields.map(({ name }) => [name, true])) as Record<Field, boolean>);
    if (!parsed.success) return;
    if ((await patch(body)) === null) setSaved(values);
  };
  return (
    <Card
      withBorder
      radius="md"
      p="lg"
      component="form"
      noValidate
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <div>
          <Title order={2} size="h4">
            {title}
          </Title>
          {hint && (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          )}
        </div>
        {children}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {fields.map(({ name, label, placeholder, inputMode }) => (
            <TextInput
              key={name}
              label={label}
              placeholder={placeholder}
              inputMode={inputMode}
              value={values[name]}
              onChange={(event) => setValues({ ...values, [name]: event.currentTarget.value })}
              onBlur={() => setTouched({ ...touched, [name]: true })}
              error={touched[name] ? errors[name] : null}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={submitting} disabled={pristine || submitting}>
            {t("save")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
