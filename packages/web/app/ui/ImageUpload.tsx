import "@mantine/dropzone/styles.css";
import { Box, Group, Image, Loader, Stack, Text } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { IconPhoto, IconUpload } from "@tabler/icons-react";
import { imageMimeTypes } from "@tianguis/domain/schemas/catalogue";
import type { GalleryImageView } from "@tianguis/domain/schemas/merchandising";
import { shopPhotoMaxBytes, uploadLimitMb } from "@tianguis/domain/schemas/shop-settings";
import { useEffect, useState } from "react";
import { galleryApi } from "@tianguis/domain/api/gallery";
import { ApiRequestError, api } from "../lib/api/client";
import { useT } from "../lib/i18n";
import { notifyError } from "./notify";

/** The image rejection alert hides after 10 s (spec §9). */
const imageAlertMs = 10_000;

export function uploadToGallery(file: File, name: string): Promise<GalleryImageView> {
  const form = new FormData();
  form.append("name", name);
  form.append("get_main_colors", "5");
  form.append("image", file);
  return api(galleryApi.upload, { body: form });
}

/**
 * One-image upload through the gallery (jpeg, png, jpg, svg; at most the upload limit). Rejected files
 * get the spec's rejection text; a failed upload shows an error toast and clears the image.
 */
export function ImageUpload({
  label,
  value,
  onChange,
  onUploading,
  height = 120,
  hint,
  error,
}: {
  label: string;
  value: string | null;
  onChange: (image: GalleryImageView | null) => void;
  onUploading?: (uploading: boolean) => void;
  height?: number;
  hint?: string;
  error?: string | null;
}) {
  const t = useT();
  const [uploading, setUploading] = useState(false);
  const [rejected, setRejected] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!rejected) return;
    const timer = setTimeout(() => setRejected(null), imageAlertMs);
    return () => clearTimeout(timer);
  }, [rejected]);
  const setBusy = (busy: boolean) => {
    setUploading(busy);
    onUploading?.(busy);
  };
  const accept = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setRejected(null);
    setFailed(false);
    setBusy(true);
    try {
      onChange(await uploadToGallery(file, file.name));
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.body.code === "image_rejected") setRejected(failure.body.message);
      else notifyError(t("error_title"), null, t("photo_update_failed"));
      setFailed(true);
      onChange(null);
    } finally {
      setBusy(false);
    }
  };
  const message = rejected ?? error ?? null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Dropzone
        onDrop={accept}
        onReject={() => setRejected(t("image_rejected", { max: uploadLimitMb }))}
        maxSize={shopPhotoMaxBytes}
        maxFiles={1}
        multiple={false}
        accept={[...imageMimeTypes]}
        loading={uploading}
        aria-label={label}
        inputProps={{ "aria-label": label }}
        style={{ borderColor: message || failed ? "var(--mantine-color-red-6)" : undefined }}
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
      {message && (
        <Text size="xs" c="red" role="alert">
          {message}
        </Text>
      )}
    </Stack>
  );
}
