import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { ordersApi } from "@tianguis/domain/routes/orders";
import { messageCode } from "@tianguis/domain/messages/index";
import type { NextActionField } from "@tianguis/domain/rules/order-progress";
import type { NextActionBody, SellerOrderView } from "@tianguis/domain/schemas/order";
import { useState } from "react";
import { ApiRequestError, api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";
import { useWrongStateReload } from "./useWrongStateReload";

type Values = Record<NextActionField, string>;
type Errors = Partial<Record<NextActionField, string>>;

function pad(value: number) {
  return String(value).padStart(2, "0");
}

/** The first day an estimated delivery may fall on: today here, or today in UTC when that is later (the API's rule). */
function firstDeliveryDay(now = new Date()): string {
  const local = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const utc = now.toISOString().slice(0, 10);
  return local > utc ? local : utc;
}

/**
 * The order's next step (spec §4: "Orders advance through a next-action call"): one button named after the step. When
 * the step must carry data (confirm: date and shipping cost; on the way by courier: courier and tracking number) a
 * dialog asks exactly for it. The call names the state shown, so a stale page cannot skip a step.
 */
export function SellerOrderNextAction({ order, slug }: { order: SellerOrderView; slug: string }) {
  const t = useT();
  const { run, busy } = useMutation();
  const onWrongState = useWrongStateReload();
  const [opened, setOpened] = useState(false);
  const [values, setValues] = useState<Values>({
    estimated_delivery_date: "",
    courier: "",
    tracking_number: "",
  });
  const [errors, setErrors] = useState<Errors>({});
  if (!order.next_state) return null;
  const label = t(messageCode(`order_action_${order.next_state}`));
  const fields = order.next_fields;
  const asks = (field: NextActionField) => fields.includes(field);
  const minDay = firstDeliveryDay();

  const check = (): Errors => {
    const found: Errors = {};
    for (const field of fields) if (!values[field].trim()) found[field] = t("required");
    if (asks("estimated_delivery_date") && values.estimated_delivery_date && values.estimated_delivery_date < minDay) {
      found.estimated_delivery_date = t("estimated_date_in_past");
    }
    return found;
  };

  const send = () => {
    const body: NextActionBody = { from: order.state };
    if (asks("estimated_delivery_date")) body.estimated_delivery_date = values.estimated_delivery_date;
    if (asks("courier")) body.courier = values.courier.trim();
    if (asks("tracking_number")) body.tracking_number = values.tracking_number.trim();
    return run(() => api(ordersApi.next, { params: { slug, id: order.id }, body }), {
      success: "order_updated",
      failure: "order_wrong_state",
      onSuccess: () => setOpened(false),
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 400 && error.body.fields) {
          setErrors(error.body.fields as Errors);
          return true;
        }
        return onWrongState(error, () => setOpened(false));
      },
    });
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length === 0) void send();
  };

  const set = (field: NextActionField) => (value: string | number) => {
    setValues((current) => ({ ...current, [field]: String(value) }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <>
      <Button
        rightSection={<IconArrowRight size={16} />}
        loading={busy}
        onClick={() => (fields.length > 0 ? setOpened(true) : void send())}
      >
        {label}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t("order_next_title", { action: label, number: order.number })}
        centered
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t("order_next_fields_text")}
            </Text>
            {asks("estimated_delivery_date") && (
              <TextInput
                type="date"
                label={t("estimated_delivery_date")}
                required
                min={minDay}
                value={values.estimated_delivery_date}
                error={errors.estimated_delivery_date}
                onChange={(event) => set("estimated_delivery_date")(event.currentTarget.value)}
                data-autofocus
              />
            )}
            {asks("courier") && (
              <TextInput
                label={t("courier")}
                required
                maxLength={80}
                value={values.courier}
                error={errors.courier}
                onChange={(event) => set("courier")(event.currentTarget.value)}
                data-autofocus
              />
            )}
            {asks("tracking_number") && (
              <TextInput
                label={t("tracking_number")}
                required
                maxLength={80}
                value={values.tracking_number}
                error={errors.tracking_number}
                onChange={(event) => set("tracking_number")(event.currentTarget.value)}
              />
            )}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={() => setOpened(false)}>
                {t("cancel")}
              </Button>
              <Button type="submit" loading={busy}>
                {label}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
