import { Button, FileInput, Group, Modal, NumberInput, Stack, Text, Textarea } from "@mantine/core";
import { galleryApi } from "@tianguis/domain/routes/gallery";
import { returnsApi } from "@tianguis/domain/routes/returns";
import { formatMoney } from "@tianguis/domain/money";
import { RETURN_PHOTOS_MAX, RETURN_REASON_MAX, type OrderReturnsView } from "@tianguis/domain/schemas/return";
import { shopPhotoMaxBytes, uploadLimitMb } from "@tianguis/domain/schemas/shop-settings";
import { useState } from "react";
import { ApiRequestError, api } from "../../lib/api/client";
import { uploadWithProgress } from "../../lib/api/upload";
import { useLocale, useT } from "../../lib/i18n";
import { notifyError } from "../../ui/notify";
import { useMutation } from "../../ui/useMutation";

const imageTypes = ["image/jpeg", "image/png"];

/** 'Solicitar devolución': how many units of each line, why, and up to 5 photos (images only, size-limited). */
export function StartReturnModal({
  view,
  token,
  canAttachPhotos,
  onClose,
  onSent,
}: {
  view: OrderReturnsView;
  token: string | null;
  canAttachPhotos: boolean;
  onClose: () => void;
  onSent: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const lines = view.lines.filter((line) => line.returnable > 0 && line.policy.return_type === "72hrs");
  const [quantities, setQuantities] = useState<Record<string, number>>(() =>
    Object.fromEntries(lines.map((line) => [line.order_item_id, lines.length === 1 ? line.returnable : 0])),
  );
  const [reason, setReason] = useState("");
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const { run, busy } = useMutation();
  const chosen = lines.filter((line) => (quantities[line.order_item_id] ?? 0) > 0);
  const choosePhotos = (files: File[]) => {
    const bad = files.some((file) => !imageTypes.includes(file.type) || file.size > shopPhotoMaxBytes);
    setPhotoError(
      bad ? t("return_photo_rejected", { max: uploadLimitMb }) : files.length > RETURN_PHOTOS_MAX ? t("return_too_many_photos") : null,
    );
    setPhotos(bad ? [] : files.slice(0, RETURN_PHOTOS_MAX));
  };
  const send = () =>
    run(
      async () => {
        const photoIds: string[] = [];
        for (const photo of photos) {
          const form = new FormData();
          form.append("name", photo.name);
          form.append("get_main_colors", "0");
          form.append("image", photo);
          photoIds.push((await uploadWithProgress(galleryApi.upload, {}, form, () => undefined)).id);
        }
        return api(returnsApi.start, {
          params: { id: view.order_id },
          query: token ? { token } : {},
          body: {
            items: chosen.map((line) => ({ order_item_id: line.order_item_id, quantity: quantities[line.order_item_id] })),
            reason: reason.trim(),
            photo_ids: photoIds,
          },
        });
      },
      {
        success: "return_sent_toast",
        onSuccess: () => {
          onSent();
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.body.code === "image_rejected") {
            notifyError(t("error_title"), null, t("return_photo_rejected", { max: uploadLimitMb }));
            return true;
          }
        },
      },
    );
  return (
    <Modal opened onClose={onClose} title={t("return_request")} centered fullScreen={false} size="lg">
      <Stack gap="md">
        {lines.map((line) => (
          <Group key={line.order_item_id} justify="space-between" align="flex-end" gap="sm" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate>
                {line.name}
              </Text>
              <Text size="xs" c="dimmed">
                {formatMoney({ amount: line.unit_price, currency: view.currency }, locale)}
              </Text>
            </Stack>
            <NumberInput
              label={t("return_quantity_of", { max: line.returnable })}
              min={0}
              max={line.returnable}
              allowDecimal={false}
              clampBehavior="strict"
              value={quantities[line.order_item_id] ?? 0}
              onChange={(value) => setQuantities((current) => ({ ...current, [line.order_item_id]: Number(value) || 0 }))}
              w={150}
            />
          </Group>
        ))}
        <Textarea
          label={t("return_reason")}
          required
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={RETURN_REASON_MAX}
          autosize
          minRows={3}
        />
        {canAttachPhotos && (
          <FileInput
            label={t("return_photos", { max: uploadLimitMb })}
            accept={imageTypes.join(",")}
            multiple
            clearable
            value={photos}
            onChange={choosePhotos}
            error={photoError}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t("cancel")}
          </Button>
          <Button onClick={() => void send()} loading={busy} disabled={chosen.length === 0 || reason.trim() === ""}>
            {t("return_send")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
