import { Box, Group, Image, Loader, Text } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { IconPhoto, IconUpload } from "@tabler/icons-react";
import { imageMimeTypes } from "@tianguis/domain/schemas/catalogue";
import { shopPhotoMaxBytes } from "@tianguis/domain/schemas/shop-settings";
import { useT } from "../lib/i18n";

/**
 * The drop area of `ImageUpload`, in a module of its own so that react-dropzone (about 15 KB compressed) loads only
 * where an image is edited, not on every shop page that merely contains the admin tools (issue 16).
 */
export default function ImageDropzone({
  label,
  value,
  height,
  hint,
  uploading,
  invalid,
  onDrop,
  onReject,
}: {
  label: string;
  value: string | null;
  height: number;
  hint?: string;
  uploading: boolean;
  invalid: boolean;
  onDrop: (files: File[]) => void;
  onReject: () => void;
}) {
  const t = useT();
  return (
    <Dropzone
      onDrop={onDrop}
      onReject={onReject}
      maxSize={shopPhotoMaxBytes}
      maxFiles={1}
      multiple={false}
      accept={[...imageMimeTypes]}
      loading={uploading}
      aria-label={label}
      inputProps={{ "aria-label": label }}
      style={{ borderColor: invalid ? "var(--mantine-color-red-6)" : undefined }}
    >
      <Group justify="center" gap="sm" mih={height} style={{ pointerEvents: "none" }}>
        {value ? (
          <Image src={value} alt={label} h={height} w="auto" fit="contain" radius="sm" />
        ) : (
          <>
            <Dropzone.Accept>
              <IconUpload size={32} />
            </Dropzone.Accept>
            <Dropzone.Idle>
              <IconPhoto size={32} />
            </Dropzone.Idle>
            <Box>
              <Text size="sm">{t("upload_image")}</Text>
              {hint && (
                <Text size="xs" c="dimmed">
                  {hint}
                </Text>
              )}
            </Box>
          </>
        )}
        {uploading && <Loader size="sm" />}
      </Group>
    </Dropzone>
  );
}
