import { Button, Card, Group, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { socialLinks } from "@tianguis/domain/schemas/shop-settings";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { useState } from "react";
import { messageCode } from "@tianguis/domain/messages/index";
import { useT } from "../../lib/i18n";
import { useShopPatch } from "./useShopPatch";

const fields = ["facebook", "instagram", "twitter", "youtube", "twitch", "kick", "discord"] as const;
type Field = (typeof fields)[number];
const labels: Record<Field, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  twitter: "X / Twitter",
  youtube: "YouTube",
  twitch: "Twitch",
  kick: "Kick",
  discord: "Discord",
};

/** Social links: discord must be a URL; empty fields are sent as null; save is disabled when pristine or submitting. */
export function SocialLinksForm({ shop }: { shop: ShopView }) {
  const t = useT();
  const { patch, submitting } = useShopPatch(shop.slug);
  const initial = Object.fromEntries(fields.map((field) => [field, shop[field] ?? ""])) as Record<Field, string>;
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const body = Object.fromEntries(fields.map((field) => [field, values[field].trim() === "" ? null : values[field].trim()]));
  const parsed = socialLinks.safeParse(body);
  const errors: Partial<Record<Field, string>> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] as Field] = t(messageCode(issue.message));
  const pristine = fields.every((field) => values[field] === saved[field]);
  const submit = async () => {
    setTouched(Object.fromEntries(fields.map((field) => [field, true])));
    if (!parsed.success) return;
    if ((await patch(body)) === null) setSaved(values);
  };
  return (
    <Card
      withBorder
      radius="md"
      p="lg"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <Title order={2} size="h4">
          {t("social_links")}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {fields.map((field) => (
            <TextInput
              key={field}
              label={labels[field]}
              placeholder={field === "discord" ? "https://discord.gg/…" : undefined}
              value={values[field]}
              onChange={(event) => setValues({ ...values, [field]: event.currentTarget.value })}
              onBlur={() => setTouched({ ...touched, [field]: true })}
              error={touched[field] ? errors[field] : null}
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
