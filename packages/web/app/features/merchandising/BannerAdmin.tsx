import { Badge, Button, Group, Image, Modal, Select, Skeleton, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { audienceTargets } from "@tianguis/domain/rules/audience";
import { type BannerView, bannerInput } from "@tianguis/domain/schemas/merchandising";
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
import { PageHeader } from "../../ui/PageHeader";

type Draft = {
  id?: string;
  image: string;
  image_id: string | null;
  mobile_image: string;
  mobile_image_id: string | null;
  type: "URL" | "PRODUCT";
  url: string;
  product: string;
  target: BannerView["target"];
};
const emptyDraft: Draft = {
  image: "",
  image_id: null,
  mobile_image: "",
  mobile_image_id: null,
  type: "URL",
  url: "",
  product: "",
  target: "all",
};
const payloadOf = ({ id, ...draft }: Draft) => ({ ...draft, url: draft.url || null, product: draft.product || null });

/** Banner list table (image, link, type, visibility, actions) with create, update and delete (spec §2, §4). */
export function BannerAdmin({ shopSlug }: { shopSlug: string }) {
  const t = useT();
  const { items, reload } = useAdminList("banners", shopSlug, true);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [touched, setTouched] = useState(false);
  const [uploading, setUploading] = useState(false);
  const parsed = draft ? bannerInput.safeParse(payloadOf(draft)) : null;
  const errors: Record<string, string> = {};
  if (touched && parsed && !parsed.success)
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= t(messageCode(issue.message));
  const mutation = useMutation();
  const busy = mutation.busy;
  const run = (action: () => Promise<unknown>, success: MessageCode) =>
    mutation.run(action, {
      success,
      revalidate: false,
      onSuccess: () => {
        setDraft(null);
        setTouched(false);
        return reload();
      },
    });
  const save = () => {
    setTouched(true);
    if (!draft || !parsed?.success) return;
    return run(
      () =>
        draft.id
          ? api(merchandisingApi.banners.update, { params: { slug: shopSlug, id: draft.id }, body: payloadOf(draft) })
          : api(merchandisingApi.banners.create, { params: { slug: shopSlug }, body: payloadOf(draft) }),
      draft.id ? "banner_updated" : "banner_created",
    );
  };

  return (
    <Stack>
      <PageHeader
        title={t("banners_title")}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDraft(emptyDraft)}>
            {t("banner_new")}
          </Button>
        }
      />
      {items === null ? (
        <Skeleton h={160} />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={t("banners_title")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("image")}</Table.Th>
                <Table.Th>{t("link")}</Table.Th>
                <Table.Th>{t("type")}</Table.Th>
                <Table.Th>{t("visibility")}</Table.Th>
                <Table.Th>{t("actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed" ta="center" py="md">
                      {t("empty_table")}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {items.map((banner) => (
                <Table.Tr key={banner.id}>
                  <Table.Td>
                    <Image src={banner.image} alt="" w={180} h={58} fit="cover" radius="sm" />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={1} maw={240}>
                      {banner.url ?? banner.product ?? "—"}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light">{t(`type_${banner.type}`)}</Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{t(`target_${banner.target}`)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="subtle"
                        leftSection={<IconPencil size={14} />}
                        onClick={() =>
                          setDraft({
                            id: banner.id,
                            image: banner.image,
                            image_id: banner.image_id,
                            mobile_image: banner.mobile_image,
                            mobile_image_id: banner.mobile_image_id,
                            type: banner.type,
                            url: banner.url ?? "",
                            product: banner.product ?? "",
                            target: banner.target,
                          })
                        }
                      >
                        {t("edit")}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        leftSection={<IconTrash size={14} />}
                        onClick={() =>
                          run(() => api(merchandisingApi.banners.remove, { params: { slug: shopSlug, id: banner.id } }), "banner_deleted")
                        }
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
      <Modal
        opened={!!draft}
        onClose={() => {
          setDraft(null);
          setTouched(false);
        }}
        title={draft?.id ? t("banner_edit") : t("banner_new")}
        size="lg"
      >
        {draft && (
          <Stack>
            <ImageUpload
              label={t("banner_image")}
              hint="1400x450"
              value={draft.image || null}
              error={errors.image}
              onUploading={setUploading}
              onChange={(image) => setDraft({ ...draft, image: image?.url ?? "", image_id: image?.id ?? null })}
            />
            <ImageUpload
              label={t("banner_mobile_image")}
              hint="1000x450"
              value={draft.mobile_image || null}
              error={errors.mobile_image}
              onUploading={setUploading}
              onChange={(image) => setDraft({ ...draft, mobile_image: image?.url ?? "", mobile_image_id: image?.id ?? null })}
            />
            <Select
              label={t("type")}
              value={draft.type}
              allowDeselect={false}
              onChange={(value) => setDraft({ ...draft, type: (value ?? "URL") as Draft["type"] })}
              data={[
                { value: "URL", label: t("type_URL") },
                { value: "PRODUCT", label: t("type_PRODUCT") },
              ]}
            />
            {draft.type === "URL" ? (
              <TextInput
                label={t("link")}
                placeholder="https://"
                value={draft.url}
                error={errors.url}
                onChange={(event) => setDraft({ ...draft, url: event.currentTarget.value })}
              />
            ) : (
              <ProductPicker
                shopSlug={shopSlug}
                value={draft.product}
                error={errors.product}
                onChange={(product) => setDraft({ ...draft, product: product?.id ?? "" })}
              />
            )}
            <Select
              label={t("visibility")}
              value={draft.target}
              allowDeselect={false}
              onChange={(value) => setDraft({ ...draft, target: (value ?? "all") as Draft["target"] })}
              data={audienceTargets.map((target) => ({ value: target, label: t(`target_${target}`) }))}
            />
            <DialogActions
              cancelLabel={t("cancel")}
              onCancel={() => setDraft(null)}
              confirmLabel={t("save")}
              onConfirm={save}
              busy={busy}
              disabled={uploading}
            />
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
