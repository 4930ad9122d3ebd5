import "@mantine/dropzone/styles.css";
import { ActionIcon, Group, Image, Input, SimpleGrid, Stack, Text } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { IconPhotoPlus, IconTrash } from "@tabler/icons-react";
import { productPhotoMaxBytes, productPhotoTypes, productPhotosMax } from "@tianguis/domain/rules/product-form";
import { useT } from "../../lib/i18n";

export interface PhotoItem {
  key: string;
  src: string;
  /** Set for photos already stored on the server. */
  imageId?: string;
  /** Set for photos chosen but not uploaded yet (create form). */
  file?: File;
}

/** Photos: a dropzone (jpeg/png/svg, ≤ 4 MB each, ≤ 10) and the current photos with a delete button each. */
export function PhotosField({
  photos,
  busy,
  failed,
  onAdd,
  onRemove,
}: {
  photos: PhotoItem[];
  busy: boolean;
  failed: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (photo: PhotoItem) => void;
}) {
  const t = useT();
  const left = productPhotosMax - photos.length;
  return (
    <Input.Wrapper label={t("photos_title")} description={t("photos_hint", { max: productPhotosMax })}>
      <Stack gap="sm" mt={6}>
        {photos.length > 0 && (
          <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
            {photos.map((photo, index) => (
              <div key={photo.key} style={{ position: "relative" }}>
                <Image src={photo.src} alt={t("photo_n", { n: index + 1 })} radius="sm" h={96} fit="cover" />
                <ActionIcon
                  size="sm"
                  color="red"
                  variant="filled"
                  pos="absolute"
                  top={4}
                  right={4}
                  aria-label={`${t("delete")} ${t("photo_n", { n: index + 1 })}`}
                  onClick={() => onRemove(photo)}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </div>
            ))}
          </SimpleGrid>
        )}
        {left > 0 && (
          <Dropzone
            onDrop={onAdd}
            onReject={() => onAdd([])}
            accept={[...productPhotoTypes]}
            maxSize={productPhotoMaxBytes}
            maxFiles={left}
            loading={busy}
            style={failed ? { borderColor: "var(--mantine-color-red-6)" } : undefined}
            aria-label={t("photos_drop")}
            inputProps={{ "aria-label": t("photos_drop") }}
          >
            <Group justify="center" gap="sm" mih={80} style={{ pointerEvents: "none" }}>
              <IconPhotoPlus size={32} stroke={1.5} />
              <Text size="sm" c="dimmed">
                {t("photos_drop")}
              </Text>
            </Group>
          </Dropzone>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
