import { Button, Checkbox, FileInput, Group, NumberInput, SegmentedControl, Stack, Text, Textarea } from "@mantine/core";
import { returnsApi } from "@tianguis/domain/routes/returns";
import type { ReturnView } from "@tianguis/domain/schemas/return";
import { useState } from "react";
import { useAdminShop } from "../../lib/access";
import { api } from "../../lib/api/client";
import { uploadWithProgress } from "../../lib/api/upload";
import { useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";
import { toMinor } from "./useOrderReturns";

/**
 * What the supplier does with a return: while open, upload the label and accept ('inbox' e-mails it, 'download'
 * shows it on the purchase) or reject with a reason; once accepted, on receipt, close it and refund.
 */
export function ReturnActions({ item, slug, onChanged }: { item: ReturnView; slug: string; onChanged: () => void }) {
  // Money moves: only the owner and admins act on returns; dispatchers and accountants read them (the server agrees).
  const admin = useAdminShop();
  if (!admin) return null;
  if (item.state === "open") return <OpenReturnActions item={item} slug={slug} onChanged={onChanged} />;
  if (item.state === "accepted") return <ReceiveReturn item={item} slug={slug} onChanged={onChanged} />;
  return null;
}

function OpenReturnActions({ item, slug, onChanged }: { item: ReturnView; slug: string; onChanged: () => void }) {
  const t = useT();
  const { run, busy } = useMutation();
  const [mode, setMode] = useState<"download" | "inbox">("download");
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const params = { slug, returnId: item.id };
  const upload = (file: File | null) => {
    if (!file) return;
    const form = new FormData();
    form.append("file", file);
    void run(() => uploadWithProgress(returnsApi.label, params, form, () => undefined), { onSuccess: onChanged, revalidate: false });
  };
  const accept = () =>
    run(() => api(returnsApi.accept, { params, body: { label_mode: mode } }), { onSuccess: onChanged, revalidate: false });
  const reject = () =>
    run(() => api(returnsApi.reject, { params, body: { reason: reason.trim() } }), { onSuccess: onChanged, revalidate: false });
  return (
    <Stack gap="xs">
      <FileInput
        label={t("return_label_file")}
        accept="application/pdf,image/png,image/jpeg"
        onChange={upload}
        disabled={busy}
        clearable={false}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`label-mode-${item.id}`}>
          {t("return_label_mode")}
        </Text>
        <SegmentedControl
          aria-labelledby={`label-mode-${item.id}`}
          value={mode}
          onChange={(value) => setMode(value as "download" | "inbox")}
          data={[
            { value: "download", label: t("return_label_send_download") },
            { value: "inbox", label: t("return_label_send_inbox") },
          ]}
          fullWidth
          orientation="vertical"
        />
      </Stack>
      {rejecting && (
        <Textarea
          label={t("return_reject_reason")}
          required
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={1000}
          autosize
          minRows={2}
        />
      )}
      {!item.label_url && (
        <Text size="xs" c="dimmed">
          {t("return_label_required")}
        </Text>
      )}
      <Group gap="xs">
        <Button size="sm" onClick={() => void accept()} loading={busy} disabled={!item.label_url}>
          {t("return_accept")}
        </Button>
        <Button
          size="sm"
          variant="light"
          color="red"
          onClick={() => (rejecting ? void reject() : setRejecting(true))}
          loading={busy}
          disabled={rejecting && reason.trim() === ""}
        >
          {t("return_reject")}
        </Button>
      </Group>
    </Stack>
  );
}

function ReceiveReturn({ item, slug, onChanged }: { item: ReturnView; slug: string; onChanged: () => void }) {
  const t = useT();
  const { run, busy } = useMutation();
  const [key] = useState(() => crypto.randomUUID());
  const [shipping, setShipping] = useState<number | string>(0);
  const [restock, setRestock] = useState(true);
  const close = () =>
    run(
      () =>
        api(returnsApi.close, {
          params: { slug, returnId: item.id },
          headers: { "Idempotency-Key": key },
          body: { return_shipping: toMinor(shipping), restock },
        }),
      { success: "refund_done_toast", onSuccess: onChanged, revalidate: false },
    );
  return (
    <Stack gap="xs">
      <NumberInput label={t("return_shipping_cost")} value={shipping} onChange={setShipping} min={0} decimalScale={2} prefix="$" />
      <Checkbox label={t("refund_restock")} checked={restock} onChange={(event) => setRestock(event.currentTarget.checked)} />
      <Button size="sm" onClick={() => void close()} loading={busy} style={{ alignSelf: "flex-start" }}>
        {t("return_receive")}
      </Button>
    </Stack>
  );
}
