import { Alert, Button, Stack } from "@mantine/core";
import { IconFileDownload } from "@tabler/icons-react";
import { useT } from "../../lib/i18n";

/** Stands in for the delivery step when every item is digital: nothing to ship, so straight on to payment. */
export function DigitalStep({ busy, error, onContinue }: { busy: boolean; error: string | null; onContinue: () => void }) {
  const t = useT();
  return (
    <Stack gap="sm">
      <Alert color="teal" variant="light" icon={<IconFileDownload />}>
        {t("digital_no_delivery")}
      </Alert>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Button onClick={onContinue} loading={busy}>
        {t("continue_to_payment")}
      </Button>
    </Stack>
  );
}
