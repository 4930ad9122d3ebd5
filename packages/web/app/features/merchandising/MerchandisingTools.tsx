import { Button, ColorSwatch, Group, Modal, Select, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconCarouselHorizontal, IconLayoutNavbar, IconPhoto, IconUserCircle } from "@tabler/icons-react";
import { photoDisplays, uploadLimitMb } from "@tianguis/domain/rules/shop-display";
import type { GalleryImageView } from "@tianguis/domain/schemas/merchandising";
import { useState } from "react";
import type { BodyOf } from "@tianguis/domain/api/endpoint";
import { shopsApi } from "@tianguis/domain/routes/shops";
import { api } from "../../lib/api/client";
import type { MessageCode } from "@tianguis/domain/messages/index";
import { useT } from "../../lib/i18n";
import { useAdminShop } from "../../lib/access";
import { ImageUpload } from "../../ui/ImageUpload";
import { useMutation } from "../../ui/useMutation";
import { CarouselModal } from "./CarouselModal";
import { HeaderEditorModal } from "./HeaderEditorModal";

type Open = null | "background" | "photo" | "carousel" | "header";

/** Storefront editing controls for shop admins: background, photo, carousel and header editors. */
export function MerchandisingTools() {
  const t = useT();
  const admin = useAdminShop();
  const { run } = useMutation();
  const [open, setOpen] = useState<Open>(null);
  const [suggested, setSuggested] = useState<string[]>([]);
  if (!admin) return null;
  const { shop } = admin;
  const patch = (body: BodyOf<typeof shopsApi.update>, failure: MessageCode) =>
    run(() => api(shopsApi.update, { params: { slug: shop.slug }, body }), { success: "shop_updated", failure });
  const onImage = (field: "header" | "photo") => (image: GalleryImageView | null) => {
    if (!image) return;
    setSuggested(image.main_colors);
    void patch(field === "header" ? { header: image.url } : { photo: image.url }, "photo_update_failed");
  };
  const colours = suggested.length > 0 && (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t("main_colors")}
      </Text>
      <Group gap={6}>
        {suggested.map((colour) => (
          <UnstyledButton key={colour} aria-label={colour} onClick={() => patch({ field: "color1", color1: colour }, "generic_error")}>
            <ColorSwatch color={colour} size={28} />
          </UnstyledButton>
        ))}
      </Group>
    </Stack>
  );
  return (
    <>
      <Group gap="xs" mb="sm" role="toolbar" aria-label={t("admin_bar")}>
        <Button size="xs" variant="light" leftSection={<IconPhoto size={16} />} onClick={() => setOpen("background")}>
          {t("edit_background")}
        </Button>
        <Button size="xs" variant="light" leftSection={<IconUserCircle size={16} />} onClick={() => setOpen("photo")}>
          {t("edit_photo")}
        </Button>
        <Button size="xs" variant="light" leftSection={<IconCarouselHorizontal size={16} />} onClick={() => setOpen("carousel")}>
          {t("edit_carousel")}
        </Button>
        <Button size="xs" variant="light" leftSection={<IconLayoutNavbar size={16} />} onClick={() => setOpen("header")}>
          {t("edit_header")}
        </Button>
      </Group>
      <Modal
        opened={open === "background"}
        onClose={() => {
          setOpen(null);
          setSuggested([]);
        }}
        title={t("edit_background")}
        size="lg"
      >
        <Stack>
          <ImageUpload
            label={t("edit_background")}
            hint={`.jpeg, .png, .svg · ${uploadLimitMb}MB`}
            value={shop.header}
            height={160}
            onChange={onImage("header")}
          />
          {colours}
        </Stack>
      </Modal>
      <Modal
        opened={open === "photo"}
        onClose={() => {
          setOpen(null);
          setSuggested([]);
        }}
        title={t("edit_photo")}
      >
        <Stack>
          <ImageUpload label={t("edit_photo")} hint="1000x1000 · 1000x400" value={shop.photo} onChange={onImage("photo")} />
          {colours}
          <Select
            label={t("photo_display")}
            value={shop.photo_display}
            allowDeselect={false}
            onChange={(value) => value && patch({ photo_display: value as (typeof photoDisplays)[number] }, "generic_error")}
            data={photoDisplays.map((display) => ({ value: display, label: t(`photo_display_${display}`) }))}
          />
        </Stack>
      </Modal>
      <CarouselModal shopSlug={shop.slug} opened={open === "carousel"} onClose={() => setOpen(null)} />
      <HeaderEditorModal
        shopSlug={shop.slug}
        colour={shop.store_theme_info.color1}
        opened={open === "header"}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
