import { Button, CopyButton, Group, Text, TextInput } from "@mantine/core";
import { IconShare } from "@tabler/icons-react";
import { useState } from "react";
import { ApiRequestError, apiCall } from "../../lib/api.client";
import { useT } from "../../lib/i18n";
import type { CheckoutView } from "../cart/types";

/** The purchase's public link (public_slug), generated once; a second request answers 'el slug publico ya fue generado'. */
export function ShareCheckout({ checkout, basePath }: { checkout: CheckoutView; basePath: string }) {
  const t = useT();
  const [slug, setSlug] = useState(checkout.public_slug);
  const [message, setMessage] = useState<string | null>(null);
  const share = async () => {
    try {
      const result = await apiCall<{ public_slug: string }>("POST", `/checkouts/${checkout.id}/share?token=${encodeURIComponent(checkout.access_token)}`);
      setSlug(result.public_slug);
    } catch (failure) {
      setMessage(failure instanceof ApiRequestError ? failure.body.message : t("unknown"));
    }
  };
  const link = slug && typeof window !== "undefined" ? `${window.location.origin}${basePath}/pagado?checkout=${checkout.id}&token=${encodeURIComponent(checkout.access_token)}&public=${slug}` : null;
  return (
    <Group gap="xs" align="end">
      {link ? (
        <>
          <TextInput label={t("share_checkout")} value={link} readOnly style={{ flex: 1 }} />
          <CopyButton value={link}>{({ copied, copy }) => <Button variant="light" onClick={copy}>{copied ? "✓" : t("copy")}</Button>}</CopyButton>
        </>
      ) : (
        <Button variant="subtle" leftSection={<IconShare size={16} />} onClick={share}>
          {t("share_checkout")}
        </Button>
      )}
      {message && (
        <Text size="sm" c="red" role="alert">
          {message}
        </Text>
      )}
    </Group>
  );
}
