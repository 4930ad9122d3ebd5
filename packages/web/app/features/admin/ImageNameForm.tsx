import { Avatar, Button, Card, Group, Stack, TextInput, Title } from "@mantine/core";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { useState } from "react";
import { useT } from "../../lib/i18n";
import { ImageUpload } from "../../ui/ImageUpload";
import { useShopPatch } from "./useShopPatch";

/** Image-name form: the shop photo and its name (required; a missing name marks the field invalid). */
export function ImageNameForm({ shop }: { shop: ShopView }) {
  const t = useT();
  const { patch, submitting } = useShopPatch(shop.slug);
  const [name, setName] = useState(shop.name);
  const [photo, setPhoto] = useState(shop.photo);
  const [touched, setTouched] = useState(false);
  const [uploading, setUploading] = useState(false);
  const invalid = name.trim() === "";
  const pristine = name === shop.name && photo === shop.photo;
  return (
    <Card
      withBorder
      radius="md"
      p="lg"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!invalid) void patch({ name: name.trim(), photo });
      }}
    >
      <Stack>
        <Title order={2} size="h4">
          {t("shop_name")}
        </Title>
        <Group align="flex-start" wrap="nowrap">
          <Avatar src={photo} alt={shop.name} size={72} radius={shop.photo_display.includes("cir") ? "xl" : "sm"} />
          <TextInput
            style={{ flex: 1 }}
            label={t("shop_name")}
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={touched && invalid ? t("required") : null}
            aria-invalid={touched && invalid}
          />
        </Group>
        <ImageUpload
          label={t("edit_photo")}
          hint="1000x1000 · 1000x400"
          rejectionToast
          value={photo}
          onUploading={setUploading}
          onChange={(image) => setPhoto(image?.url ?? null)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={submitting} disabled={pristine || uploading}>
            {t("save")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
