import { Button, CopyButton, Popover, Stack, Text, TextInput } from "@mantine/core";
import { IconCheck, IconCopy, IconShare } from "@tabler/icons-react";
import { shortLinkName } from "@tianguis/domain/rules/catalogue-position";
import { useEffect, useState } from "react";
import { referralApi } from "@tianguis/domain/routes/referral";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";

/** Share link built from the catalogue slug; admins can turn it into a short link (name cut to 100). */
export function CatalogueShare({
  shopSlug,
  name,
  path,
  canShorten,
}: {
  shopSlug: string;
  name: string;
  path: string;
  canShorten: boolean;
}) {
  const t = useT();
  const [url, setUrl] = useState(path);
  const { run, busy } = useMutation();
  useEffect(() => setUrl(`${window.location.origin}${path}`), [path]);
  const shorten = () => {
    const body = { name: shortLinkName(name), url: path, state: "active" as const };
    return run(() => api(referralApi.createShortLink, { params: { slug: shopSlug }, body }), {
      revalidate: false,
      onSuccess: (link) => setUrl(`${window.location.origin}${link.encoded_mkt_url}`),
    });
  };
  return (
    <Popover width={320} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <Button variant="default" leftSection={<IconShare size={16} />}>
          {t("share")}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t("share_catalogue")}
          </Text>
          <TextInput readOnly value={url} aria-label={t("share_catalogue")} onFocus={(event) => event.currentTarget.select()} />
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}>
                {copied ? t("link_copied") : t("copy_link")}
              </Button>
            )}
          </CopyButton>
          {canShorten && (
            <Button size="xs" variant="subtle" onClick={shorten} loading={busy}>
              {t("create_short_link")}
            </Button>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
