import { Button, Divider, Group, Modal, Select, Skeleton, Stack, Table, Text, TextInput, Textarea } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { audienceTargets } from "@tianguis/domain/rules/audience";
import { type HeaderBannerView, headerBannerInput } from "@tianguis/domain/schemas/merchandising";
import { buttonLabels, headerActionTypes } from "@tianguis/domain/rules/shop-display";
import { useState } from "react";
import { merchandisingApi } from "@tianguis/domain/routes/merchandising";
import { api } from "../../lib/api/client";
import { type MessageCode, messageCode } from "@tianguis/domain/messages/index";
import { useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";
import { ProductPicker } from "./ProductPicker";
import { ColourEditor } from "./ColourEditor";
import { useAdminList } from "./useAdminList";
import { DialogActions } from "../../ui/DialogActions";

type Draft = {
  id?: string;
  title: string;
  subtitle: string;
  description: string;
  target: HeaderBannerView["target"];
  action_type: HeaderBannerView["action_type"];
  url: string;
  button_label: HeaderBannerView["button_label"];
  product: string;
};
const emptyDraft: Draft = {
  title: "",
  subtitle: "",
  description: "",
  target: "all",
  action_type: "none",
  url: "",
  button_label: null,
  product: "",
};

const payloadOf = ({ id, ...draft }: Draft) => ({
  ...draft,
  url: draft.url || null,
  product: draft.product || null,
  button_label: draft.action_type === "none" ? null : draft.button_label,
});

function fieldErrors(draft: Draft): Record<string, MessageCode> {
  const parsed = headerBannerInput.safeParse(payloadOf(draft));
  const errors: Record<string, MessageCode> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= messageCode(issue.message);
  return errors;
}

/** Header editor: list, form, colour and custom colour. Saving returns to the list; closing resets to the list. */
export function HeaderEditorModal({
  shopSlug,
  colour,
  opened,
  onClose,
}: {
  shopSlug: string;
  colour: string;
  opened: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const { items, reload } = useAdminList("headers", shopSlug, opened);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const errors = draft ? fieldErrors(draft) : {};
  const errorOf = (field: string) => (touched[field] && errors[field] ? t(errors[field]) : null);
  const touch = (field: string) => setTouched((current) => ({ ...current, [field]: true }));
  const close = () => {
    setDraft(null);
    setTouched({});
    onClose();
  };
  const mutation = useMutation();
  const busy = mutation.busy;
  const run = (action: () => Promise<unknown>, success: MessageCode) =>
    mutation.run(action, {
      success,
      onSuccess: () => {
        setDraft(null);
        setTouched({});
        return reload();
      },
    });
  const save = () => {
    if (!draft) return;
    if (Object.keys(errors).length > 0)
      return setTouched({ title: true, subtitle: true, description: true, url: true, button_label: true, product: true });
    return run(
      () =>
        draft.id
          ? api(merchandisingApi.headers.update, { params: { slug: shopSlug, id: draft.id }, body: payloadOf(draft) })
          : api(merchandisingApi.headers.create, { params: { slug: shopSlug }, body: payloadOf(draft) }),
      draft.id ? "header_updated" : "header_created",
    );
  };
  const text = (field: "title" | "subtitle" | "description" | "url", label: string, max?: number) => {
    const Input = field === "description" ? Textarea : TextInput;
    return (
      <Input
        label={label}
        required={field === "title" || (field === "url" && draft?.action_type === "url")}
        value={draft?.[field] ?? ""}
        maxLength={max ? max + 20 : undefined}
        description={max ? `${(draft?.[field] ?? "").length}/${max}` : undefined}
        onChange={(event) => draft && setDraft({ ...draft, [field]: event.currentTarget.value })}
        onBlur={() => touch(field)}
        error={errorOf(field)}
      />
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t("edit_header")} size="lg">
      {!draft ? (
        <Stack>
          <Group justify="space-between">
            <Text fw={600}>{t("headers_title")}</Text>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDraft(emptyDraft)}>
              {t("header_new")}
            </Button>
          </Group>
          {items === null ? (
            <Skeleton h={80} />
          ) : items.length === 0 ? (
            <Text c="dimmed" ta="center" py="md">
              {t("empty_table")}
            </Text>
          ) : (
            <Table>
              <Table.Tbody>
                {items.map((header) => (
                  <Table.Tr key={header.id}>
                    <Table.Td>
                      <Text fw={500}>{header.title}</Text>
                      <Text size="xs" c="dimmed">
                        {t(`target_${header.target}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td w={190}>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="xs"
                          variant="subtle"
                          leftSection={<IconPencil size={14} />}
                          onClick={() =>
                            setDraft({
                              id: header.id,
                              title: header.title,
                              subtitle: header.subtitle ?? "",
                              description: header.description ?? "",
                              target: header.target,
                              action_type: header.action_type,
                              url: header.url ?? "",
                              button_label: header.button_label,
                              product: header.product ?? "",
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
                            run(() => api(merchandisingApi.headers.remove, { params: { slug: shopSlug, id: header.id } }), "header_deleted")
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
          )}
          <Divider />
          <ColourEditor shopSlug={shopSlug} value={colour} />
        </Stack>
      ) : (
        <Stack>
          {text("title", t("header_title"), 30)}
          {text("subtitle", t("header_subtitle"), 40)}
          {text("description", t("header_description"), 130)}
          <Select
            label={t("audience")}
            value={draft.target}
            allowDeselect={false}
            onChange={(value) => setDraft({ ...draft, target: (value ?? "all") as Draft["target"] })}
            data={audienceTargets.map((target) => ({ value: target, label: t(`target_${target}`) }))}
          />
          <Select
            label={t("action_type")}
            value={draft.action_type}
            allowDeselect={false}
            onChange={(value) => setDraft({ ...draft, action_type: (value ?? "none") as Draft["action_type"] })}
            data={headerActionTypes.map((type) => ({ value: type, label: t(`action_${type}`) }))}
          />
          {draft.action_type === "url" && text("url", t("link"))}
          {draft.action_type === "product" && (
            <ProductPicker
              shopSlug={shopSlug}
              value={draft.product}
              error={errorOf("product")}
              onChange={(product) => {
                setDraft({ ...draft, product: product?.id ?? "" });
                touch("product");
              }}
            />
          )}
          {draft.action_type !== "none" && (
            <Select
              label={t("button_label")}
              required
              value={draft.button_label}
              onChange={(value) => setDraft({ ...draft, button_label: value as Draft["button_label"] })}
              onBlur={() => touch("button_label")}
              error={errorOf("button_label")}
              data={buttonLabels.map((label) => ({ value: label, label: t(`label_${label}`) }))}
            />
          )}
          <DialogActions
            cancelLabel={t("cancel")}
            onCancel={() => {
              setDraft(null);
              setTouched({});
            }}
            confirmLabel={t("save")}
            onConfirm={save}
            busy={busy}
          />
        </Stack>
      )}
    </Modal>
  );
}
