import { Button, Modal, NativeSelect, Stack, Text } from "@mantine/core";
import { messageCode } from "@tianguis/domain/messages/index";
import { cancellationReasons } from "@tianguis/domain/rules/cfdi";
import { invoicesApi } from "@tianguis/domain/routes/invoices";
import type { InvoiceView } from "@tianguis/domain/schemas/invoice";
import { useState } from "react";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";

/**
 * Cancelling with SAT's reason (c_MotivoCancelacion 01–04). Reason 01 ('with a relation') is offered for an order's
 * invoice: the seller issues its substitute with the customer's current data (related by TipoRelacion 04) and the
 * original is cancelled naming it, in one step.
 */
export function CancelInvoiceModal({ invoice, slug, onClose }: { invoice: InvoiceView; slug: string; onClose: () => void }) {
  const t = useT();
  // An order's invoice, a global invoice (no order) and a credit note are replaced (SAT's 01); a payment complement is not.
  const replaceable = invoice.kind === "I" || (invoice.kind === "E" && invoice.order_id !== null);
  const reasons = cancellationReasons.filter((code) => code !== "01" || replaceable);
  const [reason, setReason] = useState<(typeof cancellationReasons)[number]>("02");
  const { run, busy } = useMutation();
  const cancel = () => run(() => api(invoicesApi.cancel, { params: { slug, id: invoice.id }, body: { reason } }), { onSuccess: onClose });
  const replace = () =>
    run(() => api(invoicesApi.replace, { params: { slug, id: invoice.id } }), { success: "invoice_replaced_toast", onSuccess: onClose });
  return (
    <Modal opened onClose={onClose} title={`${t("invoice_cancel")} ${invoice.number}`} centered>
      <Stack>
        <NativeSelect
          label={t("invoice_cancel_reason")}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value as typeof reason)}
          data={reasons.map((code) => ({ value: code, label: t(messageCode(`invoice_cancel_reason_${code}`)) }))}
        />
        {reason === "01" ? (
          <>
            <Text size="sm">{t("invoice_replace_hint")}</Text>
            <Button color="red" loading={busy} onClick={() => void replace()}>
              {t("invoice_replace_confirm")}
            </Button>
          </>
        ) : (
          <Button color="red" loading={busy} onClick={() => void cancel()}>
            {t("invoice_cancel_confirm")}
          </Button>
        )}
      </Stack>
    </Modal>
  );
}
