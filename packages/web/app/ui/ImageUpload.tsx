import "@mantine/dropzone/styles.css";
import { Skeleton, Stack, Text } from "@mantine/core";
import type { GalleryImageView } from "@tianguis/domain/schemas/merchandising";
import { uploadLimitMb } from "@tianguis/domain/rules/shop-display";
import { Suspense, lazy, useEffect, useState } from "react";
import { galleryApi } from "@tianguis/domain/routes/gallery";
import { ApiRequestError, api } from "../lib/api/client";
import { useT } from "../lib/i18n";
import { notifyError, notifyRejectedImage } from "./notify";

const ImageDropzone = lazy(() => import("./ImageDropzone"));

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
 * get the spec's rejection text (beside the field for 10 s, or with `rejectionToast` as the 15 s 'Imagen rechazada'
 * toast); a failed upload shows an error toast and clears the image.
 */
export function ImageUpload({
  label,
  value,
  onChange,
  onUploading,
  height = 120,
  hint,
  error,
  rejectionToast = false,
}: {
  label: string;
  value: string | null;
  onChange: (image: GalleryImageView | null) => void;
  onUploading?: (uploading: boolean) => void;
  height?: number;
  hint?: string;
  error?: string | null;
  rejectionToast?: boolean;
}) {
  const t = useT();
  const [uploading, setUploading] = useState(false);
  const [rejected, setRejected] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const reject = (message: string) => {
    if (rejectionToast) {
      notifyRejectedImage(t("image_rejected_title"), message);
      setFailed(true);
    } else setRejected(message);
  };
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
      if (failure instanceof ApiRequestError && failure.body.code === "image_rejected") reject(failure.body.message);
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
      <Suspense fallback={<Skeleton h={height + 34} radius="sm" />}>
        <ImageDropzone
          label={label}
          value={value}
          height={height}
          hint={hint}
          uploading={uploading}
          invalid={Boolean(message || failed)}
          onDrop={accept}
          onReject={() => reject(t("image_rejected", { max: uploadLimitMb }))}
        />
      </Suspense>
      {message && (
        <Text size="xs" c="red" role="alert">
          {message}
        </Text>
      )}
    </Stack>
  );
}
