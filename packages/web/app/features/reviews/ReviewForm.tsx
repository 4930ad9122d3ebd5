import { ActionIcon, Button, FileButton, Group, Input, Modal, SimpleGrid, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { IconPhotoPlus, IconX } from "@tabler/icons-react";
import { reviewsApi } from "@tianguis/domain/routes/reviews";
import { messageCode } from "@tianguis/domain/messages/index";
import { reviewPhotoMaxBytes, reviewPhotoTypes, reviewPhotosMax, reviewTextMax, reviewTitleMax } from "@tianguis/domain/rules/review";
import { useEffect, useState } from "react";
import { ApiRequestError, api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";
import { StarsInput } from "./StarsInput";
import classes from "./reviews.module.css";

interface Photo {
  file: File;
  url: string;
}

/** Codes the API explains better than the spec's generic rating failure. */
const explained = new Set(["review_already_exists", "review_not_delivered", "review_not_purchased", "review_photo_rejected"]);

/**
 * The rating form (spec §3 'Reviews: title, qualification, text, photos'): stars, title, text and up to five photos with
 * previews. Saved: 'Calificación guardada'; any other failure: 'Error saving the rating, please try again later' (§8).
 */
export function ReviewForm({
  productId,
  productName,
  opened,
  onClose,
}: {
  productId: string;
  productName: string;
  opened: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const { run, busy } = useMutation();
  const [qualification, setQualification] = useState<number | null>(null);
  const [title, setTitle] = useState("");
  const [text, setText] = useState("");
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [photoError, setPhotoError] = useState<string | null>(null);

  useEffect(() => () => photos.forEach((photo) => URL.revokeObjectURL(photo.url)), [photos]);

  const addPhotos = (files: File[]) => {
    const fits = files.filter((file) => (reviewPhotoTypes as readonly string[]).includes(file.type) && file.size <= reviewPhotoMaxBytes);
    setPhotoError(fits.length < files.length ? t("review_photo_rejected", { max: reviewPhotoMaxBytes / 1_000_000 }) : null);
    const room = reviewPhotosMax - photos.length;
    setPhotos([...photos, ...fits.slice(0, room).map((file) => ({ file, url: URL.createObjectURL(file) }))]);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (qualification === null) missing.qualification = t("review_qualification_invalid");
    if (!title.trim()) missing.title = t("required");
    if (!text.trim()) missing.text = t("required");
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    const form = new FormData();
    form.set("title", title);
    form.set("qualification", String(qualification));
    form.set("text", text);
    for (const photo of photos) form.append("photos", photo.file);
    await run(() => api(reviewsApi.create, { params: { id: productId }, body: form }), {
      success: "rating_saved",
      failure: (error) =>
        error instanceof ApiRequestError && explained.has(error.body.code) ? messageCode(error.body.code) : "rating_save_error",
      apiMessage: false,
      onSuccess: onClose,
      onError: (error) => {
        if (error instanceof ApiRequestError && error.body.fields) setErrors(error.body.fields);
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t("review_rate_title", { name: productName })} size="lg" fullScreen={false}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <StarsInput value={qualification} onChange={setQualification} error={errors.qualification} />
          <TextInput
            label={t("review_field_title")}
            placeholder={t("review_field_title_placeholder")}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            maxLength={reviewTitleMax}
            error={errors.title}
            required
          />
          <Textarea
            label={t("review_field_text")}
            placeholder={t("review_field_text_placeholder")}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            maxLength={reviewTextMax}
            autosize
            minRows={3}
            maxRows={8}
            error={errors.text}
            required
          />
          <Input.Wrapper label={t("review_field_photos")} description={t("review_field_photos_hint")} error={photoError ?? errors.photos}>
            <Stack gap="xs" mt={6}>
              {photos.length > 0 && (
                <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
                  {photos.map((photo, index) => (
                    <div key={photo.url} style={{ position: "relative" }}>
                      <img src={photo.url} alt={`${t("review_field_photos")} ${index + 1}`} className={classes.photo} />
                      <ActionIcon
                        size="sm"
                        color="red"
                        variant="filled"
                        pos="absolute"
                        top={4}
                        right={4}
                        aria-label={t("review_photo_remove", { number: index + 1 })}
                        onClick={() => setPhotos(photos.filter((item) => item !== photo))}
                      >
                        <IconX size={14} />
                      </ActionIcon>
                    </div>
                  ))}
                </SimpleGrid>
              )}
              {photos.length < reviewPhotosMax && (
                <FileButton onChange={addPhotos} accept={reviewPhotoTypes.join(",")} multiple>
                  {(props) => (
                    <Button {...props} variant="default" leftSection={<IconPhotoPlus size={18} />} w="fit-content">
                      {t("review_photo_add")}
                    </Button>
                  )}
                </FileButton>
              )}
            </Stack>
          </Input.Wrapper>
          <Text size="xs" c="dimmed">
            {t("review_final_note")}
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {t("review_submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
