import { Button, Modal, NativeSelect, Stack, TextInput } from "@mantine/core";
import { messageCode } from "@tianguis/domain/messages/index";
import { cancellationReasons } from "@tianguis/domain/rules/cfdi";
import { invoicesApi } from "@tianguis/domain/routes/invoices";
import type { InvoiceView } from "@tianguis/domain/schemas/invoice";
import { useState } from "react";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";

/** Cancelling with SAT's reason (c_MotivoCancelacion 01–04); 01 names the fiscal folio that replaces it. */
export function CancelInvoiceModal({ invoice, slug, onClose }: { invoice: InvoiceView; slug: string; onClose: () => void }) {
  const t = useT();
  const [reason, setReason] = useState<(typeof cancellationReasons)[number]>("02");
  const [replacement, setReplacement] = useState("");
  const { run, busy } = useMutation();
  const cancel = () =>
    run(
      () =>
        api(invoicesApi.cancel, {
          params: { slug, id: invoice.id },
          body: { reason, ...(reason === "01" ? { replacement_uuid: replacement.trim() } : {}) },
        }),
      { onSuccess: onClose },
    );
  return (
    <Modal opened onClose={onClose} title={`${t("invoice_cancel")} ${invoice.number}`} centered>
      <Stack>
        <NativeSelect
          label={t("invoice_cancel_reason")}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value as typeof reason)}
          data={cancellationReasons.map((code) => ({ value: code, label: t(messageCode(`invoice_cancel_reason_${code}`)) }))}
        />
        {reason === "01" && (
          <TextInput
            label={t("invoice_replacement_uuid")}
            value={replacement}
            onChange={(event) => setReplacement(event.currentTarget.value)}
            required
          />
        )}
        <Button color="red" loading={busy} onClick={() => void cancel()} disabled={reason === "01" && !replacement.trim()}>
          {t("invoice_cancel_confirm")}
        </Button>
      </Stack>
    </Modal>
  );
}
