import { Button, CopyButton, Group, Text, TextInput } from "@mantine/core";
import { IconShare } from "@tabler/icons-react";
import { checkoutApi } from "@tianguis/domain/routes/checkout";
import type { CheckoutView } from "@tianguis/domain/schemas/checkout";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { useEffect, useState } from "react";
import { ApiRequestError, api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";

/** The purchase's public link (public_slug), generated once; a second request answers 'el slug publico ya fue generado'. */
export function ShareCheckout({ checkout, basePath }: { checkout: CheckoutView; basePath: string }) {
  const t = useT();
  const [slug, setSlug] = useState(checkout.public_slug);
  const [message, setMessage] = useState<string | null>(null);
  const share = async () => {
    try {
      const result = await api(checkoutApi.share, { params: { id: checkout.id }, query: { token: checkout.access_token } });
      setSlug(result.public_slug);
    } catch (failure) {
      setMessage(failure instanceof ApiRequestError ? failure.body.message : t("unknown"));
    }
  };
  // The origin is known only in the browser; the first render matches the server's (no hydration mismatch).
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  // Whoever opens the link sees the purchase and can pay it; the paid page follows once it is paid.
  const link = slug ? `${origin}${shopHref(basePath, "/comprar")}?compartido=${encodeURIComponent(slug)}` : null;
  return (
    <Group gap="xs" align="end">
      {link ? (
        <>
          <TextInput label={t("share_checkout")} value={link} readOnly style={{ flex: 1 }} />
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? "✓" : t("copy")}
              </Button>
            )}
          </CopyButton>
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
