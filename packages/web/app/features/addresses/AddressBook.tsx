import { ActionIcon, Button, Container, Group, Modal, Paper, Stack, Text, Title, Tooltip } from "@mantine/core";
import { IconMapPin, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { addressesApi } from "@tianguis/domain/routes/addresses";
import {
  type DeliveryAddress,
  MAX_SAVED_ADDRESSES,
  type SavedAddressView,
  addressLine,
  deliveryAddressErrors,
} from "@tianguis/domain/schemas/address";
import { useState } from "react";
import { ApiRequestError, api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { notifyError, notifySuccess } from "../../ui/notify";
import { usePending } from "../../lib/usePending";
import { type AddressErrors, AddressForm, type AddressInput, emptyAddress, filledAddress, toAddressInput } from "./AddressForm";
import { DialogActions } from "../../ui/DialogActions";

/** /mis-direcciones: the customer's saved delivery addresses — add, edit and remove. */
export function AddressBook({ initial }: { initial: SavedAddressView[] }) {
  const t = useT();
  const [addresses, setAddresses] = useState(initial);
  const [editing, setEditing] = useState<{ id: string | null; value: AddressInput } | null>(null);
  const [errors, setErrors] = useState<AddressErrors>({});
  const [saving, setSaving] = useState(false);
  const { schedule, undo, isPending } = usePending(5000);

  const open = (address: SavedAddressView | null) => {
    setErrors({});
    setEditing({ id: address?.id ?? null, value: address ? toAddressInput(address) : emptyAddress });
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const fields = filledAddress(editing.value);
    const problems = deliveryAddressErrors(fields);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      const saved = editing.id
        ? await api(addressesApi.update, { params: { id: editing.id }, body: fields as DeliveryAddress })
        : await api(addressesApi.create, { body: fields as DeliveryAddress });
      setAddresses(editing.id ? addresses.map((address) => (address.id === saved.id ? saved : address)) : [...addresses, saved]);
      setEditing(null);
      notifySuccess(t("address_saved"), addressLine(saved));
    } catch (failure) {
      const codes = failure instanceof ApiRequestError ? failure.body.field_codes : undefined;
      if (codes) setErrors(codes);
      else notifyError(t("error_title"), failure, t("generic_error"));
    } finally {
      setSaving(false);
    }
  };

  // 'Eliminando' with Undo for 5 s, then the call (a page left meanwhile still deletes it).
  const remove = (address: SavedAddressView) =>
    schedule(address.id, async () => {
      try {
        await api(addressesApi.remove, { params: { id: address.id } });
        setAddresses((current) => current.filter((item) => item.id !== address.id));
        notifySuccess(t("address_deleted"), addressLine(address));
      } catch (failure) {
        notifyError(t("error_title"), failure, t("generic_error"));
      }
    });

  const full = addresses.length >= MAX_SAVED_ADDRESSES;
  return (
    <Container size="md" py="lg">
      <Group justify="space-between" align="flex-end" mb="md" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} fz={{ base: "h2", sm: "h1" }}>
            {t("my_addresses")}
          </Title>
          <Text c="dimmed" size="sm">
            {t("my_addresses_text")}
          </Text>
        </Stack>
        <Tooltip label={t("address_limit_reached", { max: MAX_SAVED_ADDRESSES })} disabled={!full}>
          <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)} disabled={full}>
            {t("add_address")}
          </Button>
        </Tooltip>
      </Group>
      {addresses.length === 0 ? (
        <Stack align="center" py="xl">
          <IconMapPin size={48} stroke={1.2} aria-hidden />
          <Text>{t("no_addresses")}</Text>
        </Stack>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} aria-label={t("my_addresses")}>
          {addresses.map((address) => (
            <Paper key={address.id} withBorder radius="md" p="md" component="li" style={{ listStyle: "none" }}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600}>{address.address_name}</Text>
                  <Text size="sm">{addressLine(address)}</Text>
                  {address.address_phone && (
                    <Text size="sm" c="dimmed">
                      {address.address_phone}
                    </Text>
                  )}
                </Stack>
                {isPending(address.id) ? (
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" c="red" fw={500} role="status">
                      {t("deleting")}
                    </Text>
                    <Button size="xs" variant="outline" onClick={() => undo(address.id)}>
                      {t("undo")}
                    </Button>
                  </Group>
                ) : (
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t("edit_address")}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`${t("edit_address")}: ${address.street_address}`}
                        onClick={() => open(address)}
                      >
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t("delete_address")}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`${t("delete_address")}: ${address.street_address}`}
                        onClick={() => remove(address)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.id ? t("edit_address") : t("new_address")}
        size="lg"
      >
        {editing && (
          <form onSubmit={save} noValidate>
            <Stack>
              <AddressForm
                value={editing.value}
                errors={errors}
                onChange={(value, changed) => {
                  setEditing({ ...editing, value });
                  setErrors({ ...errors, [changed]: undefined });
                }}
              />
              <DialogActions cancelLabel={t("cancel")} onCancel={() => setEditing(null)} confirmLabel={t("save")} busy={saving} />
            </Stack>
          </form>
        )}
      </Modal>
    </Container>
  );
}
