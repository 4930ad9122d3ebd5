import { CopyButton, Popover, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { useEffect, useState } from "react";
import { useT } from "../../lib/i18n";
import { type DropdownLink, ExistingTarget, useLinkedDropdown } from "../../ui/lazy-dropdown";

/** The shop's public address, for the share panel (absolute once in the browser). */
function useShopUrl(basePath: string) {
  const [url, setUrl] = useState(shopHref(basePath, "/"));
  useEffect(() => setUrl(`${window.location.origin}${shopHref(basePath, "/")}`), [basePath]);
  return url;
}

/** The admin bar's 'Compartir tienda' panel: the shop's address, selected on focus, and a copy button. */
export function ShareShopPopover({ link, basePath }: { link: DropdownLink; basePath: string }) {
  const t = useT();
  const shopUrl = useShopUrl(basePath);
  return (
    <Popover position="right-start" withArrow shadow="md" width={300} {...useLinkedDropdown(link)}>
      <Popover.Target>
        <ExistingTarget target={link.target} />
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t("share_shop")}
          </Text>
          <TextInput readOnly value={shopUrl} aria-label={t("share_shop")} onFocus={(event) => event.currentTarget.select()} />
          <CopyButton value={shopUrl}>
            {({ copied, copy }) => (
              <UnstyledButton onClick={copy} style={{ display: "flex", gap: 6, alignItems: "center" }}>
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                <Text size="sm">{copied ? t("link_copied") : t("copy_link")}</Text>
              </UnstyledButton>
            )}
          </CopyButton>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
