import { Button, Checkbox, Group, Image, Modal, SegmentedControl, Select, Skeleton, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { audienceTargets } from "@tianguis/domain/rules/audience";
import { type SlideView, slideInput } from "@tianguis/domain/schemas/merchandising";
import { useState } from "react";
import { merchandisingApi } from "@tianguis/domain/routes/merchandising";
import { api } from "../../lib/api/client";
import { type MessageCode, messageCode } from "@tianguis/domain/messages/index";
import { useT } from "../../lib/i18n";
import { ImageUpload } from "../../ui/ImageUpload";
import { ProductPicker } from "./ProductPicker";
import { useMutation } from "../../ui/useMutation";
import { useAdminList } from "./useAdminList";
import { DialogActions } from "../../ui/DialogActions";

type Draft = {
  id?: string;
  hzt_image: string;
  hzt_image_id: string | null;
  vrt_image: string;
  vrt_image_id: string | null;
  type: "URL" | "PRODUCT";
  product: string;
  supplier: string | null;
  url: string;
  url_target: boolean;
  target: SlideView["target"];
};
const emptyDraft: Draft = {
  hzt_image: "",
  hzt_image_id: null,
  vrt_image: "",
  vrt_image_id: null,
  type: "URL",
  product: "",
  supplier: null,
  url: "",
  url_target: false,
  target: "all",
};

function fieldErrors(draft: Draft): Record<string, MessageCode> {
  const parsed = slideInput.safeParse({
    ...draft,
    url: draft.url || null,
    product: draft.product || null,
    url_target: !!draft.url && draft.url_target,
  });
  const errors: Record<string, MessageCode> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= messageCode(issue.message);
  return errors;
}

/** Carousel management (admin only): a list view and a form view; closing returns to the list. */
export function CarouselModal({ shopSlug, opened, onClose }: { shopSlug: string; opened: boolean; onClose: () => void }) {
  const t = useT();
  const { items, reload } = useAdminList("slides", shopSlug, opened);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [touched, setTouched] = useState(false);
  const { run, busy } = useMutation();
  const [uploading, setUploading] = useState(false);
  const close = () => {
    setDraft(null);
    setTouched(false);
    onClose();
  };
  const errors = draft && touched ? fieldErrors(draft) : {};
  const save = async () => {
    if (!draft) return;
    setTouched(true);
    if (Object.keys(fieldErrors(draft)).length > 0) return;
    const { id, ...body } = draft;
    const payload = { ...body, url: body.url || null, product: body.product || null, url_target: !!body.url && body.url_target };
    const saved = () => {
      setDraft(null);
      setTouched(false);
      return reload();
    };
    const call = () =>
      id
        ? api(merchandisingApi.slides.update, { params: { slug: shopSlug, id }, body: payload })
        : api(merchandisingApi.slides.create, { params: { slug: shopSlug }, body: payload });
    await run(call, { success: "slide_saved", onSuccess: saved });
  };
  const remove = (slide: SlideView) =>
    run(() => api(merchandisingApi.slides.remove, { params: { slug: shopSlug, id: slide.id } }), {
      success: "slide_deleted",
      onSuccess: reload,
    });
  const edit = (slide: SlideView) =>
    setDraft({
      id: slide.id,
      hzt_image: slide.hzt_image,
      hzt_image_id: slide.hzt_image_id,
      vrt_image: slide.vrt_image,
      vrt_image_id: slide.vrt_image_id,
      type: slide.type,
      product: slide.product ?? "",
      supplier: slide.supplier,
      url: slide.url ?? "",
      url_target: slide.url_target,
      target: slide.target,
    });

  return (
    <Modal opened={opened} onClose={close} title={draft ? t("carousel_add") : t("carousel_setup")} size="xl">
      {!draft ? (
        <Stack>
          <Group justify="flex-end">
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDraft(emptyDraft)}>
              {t("carousel_add")}
            </Button>
          </Group>
          {items === null ? (
            <Skeleton h={120} />
          ) : items.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {t("carousel_empty")}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("image")}</Table.Th>
                    <Table.Th>{t("link")}</Table.Th>
                    <Table.Th>{t("visibility")}</Table.Th>
                    <Table.Th>{t("actions")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((slide) => (
                    <Table.Tr key={slide.id}>
                      <Table.Td>
                        <Image src={slide.hzt_image} alt="" h={48} w={120} fit="cover" radius="sm" />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" lineClamp={1}>
                          {slide.type === "PRODUCT" ? t("type_PRODUCT") : (slide.url ?? "—")}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{t(`target_${slide.target}`)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Button size="xs" variant="subtle" leftSection={<IconPencil size={14} />} onClick={() => edit(slide)}>
                            {t("edit")}
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            leftSection={<IconTrash size={14} />}
                            onClick={() => remove(slide)}
                          >
                            {t("delete")}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      ) : (
        <Stack>
          <Group grow align="flex-start">
            <ImageUpload
              label={t("desktop_image")}
              hint="3200x982"
              value={draft.hzt_image || null}
              error={errors.hzt_image ? t(errors.hzt_image) : null}
              onUploading={setUploading}
              onChange={(image) => setDraft({ ...draft, hzt_image: image?.url ?? "", hzt_image_id: image?.id ?? null })}
            />
            <ImageUpload
              label={t("mobile_image")}
              hint="1000x450"
              value={draft.vrt_image || null}
              error={errors.vrt_image ? t(errors.vrt_image) : null}
              onUploading={setUploading}
              onChange={(image) => setDraft({ ...draft, vrt_image: image?.url ?? "", vrt_image_id: image?.id ?? null })}
            />
          </Group>
          <SegmentedControl
            aria-label={t("type")}
            value={draft.type}
            onChange={(value) => setDraft({ ...draft, type: value as Draft["type"] })}
            data={[
              { value: "URL", label: t("type_URL") },
              { value: "PRODUCT", label: t("type_PRODUCT") },
            ]}
          />
          {draft.type === "PRODUCT" ? (
            <ProductPicker
              shopSlug={shopSlug}
              value={draft.product}
              onChange={(product) => setDraft({ ...draft, product: product?.id ?? "", supplier: product?.owner_slug ?? null })}
              error={errors.product ? t(errors.product) : null}
            />
          ) : (
            <TextInput
              label={t("link")}
              placeholder="https://"
              value={draft.url}
              onChange={(event) => setDraft({ ...draft, url: event.currentTarget.value })}
              error={errors.url ? t(errors.url) : null}
            />
          )}
          <Checkbox
            label={t("open_new_tab")}
            checked={!!draft.url && draft.url_target}
            disabled={!draft.url}
            onChange={(event) => setDraft({ ...draft, url_target: event.currentTarget.checked })}
          />
          <Select
            label={t("audience")}
            value={draft.target}
            allowDeselect={false}
            onChange={(value) => setDraft({ ...draft, target: (value ?? "all") as Draft["target"] })}
            data={audienceTargets.map((target) => ({ value: target, label: t(`target_${target}`) }))}
          />
          <DialogActions
            cancelLabel={t("cancel")}
            onCancel={() => {
              setDraft(null);
              setTouched(false);
            }}
            confirmLabel={t("save")}
            onConfirm={save}
            busy={busy}
            disabled={uploading}
          />
        </Stack>
      )}
    </Modal>
  );
}
