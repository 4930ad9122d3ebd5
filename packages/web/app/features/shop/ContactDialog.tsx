import { Anchor, Badge, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconBrandWhatsapp, IconExternalLink, IconForms, IconMail, IconMessages, IconPhone } from "@tabler/icons-react";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { isOfficeOpen } from "@tianguis/domain/rules/storefront-chrome";
import { formatAdvisorPhone } from "@tianguis/domain/rules/support";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { Link } from "react-router";
import { useT } from "../../lib/i18n";
import { useOpenedAfterMount } from "../../lib/lazy-part";
import { WHATSAPP_COLOR } from "../../ui/whatsapp";
import { openLiveChat } from "../../lib/shop-integrations";

/**
 * The shop's support dialog, loaded on its first opening (ContactWidget.tsx): the office hours and whether the office is
 * open now (the dialog renders in the browser only, so the visitor's clock decides), WhatsApp, e-mail, phone (10 digits
 * as (XXX) XXX-XXXX), the contact form and the shop's own support site (users_support_url) when it has one.
 */
export function ContactDialog({
  shop,
  basePath,
  whatsapp,
  opened,
  onClose,
}: {
  shop: ShopView;
  basePath: string;
  whatsapp: string | null;
  opened: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const open = isOfficeOpen(new Date().getHours());
  return (
    <Modal opened={useOpenedAfterMount(opened)} onClose={onClose} title={t("contact_title")} centered>
      <Stack gap="md">
        <Group gap="xs">
          <Text size="sm">{t("office_hours")}</Text>
          <Badge color={open ? "green" : "gray"} variant="light">
            {open ? t("office_open") : t("office_closed")}
          </Badge>
        </Group>
        {shop.live_chat_license && (
          <Button
            leftSection={<IconMessages size={20} />}
            onClick={() => {
              openLiveChat(shop.live_chat_license as string);
              onClose();
            }}
          >
            {t("contact_chat")}
          </Button>
        )}
        {whatsapp && (
          <Button
            component="a"
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            color={WHATSAPP_COLOR}
            leftSection={<IconBrandWhatsapp size={20} />}
          >
            {t("contact_whatsapp")}
          </Button>
        )}
        {shop.contact_email && (
          <Group gap="xs">
            <IconMail size={18} />
            <Anchor href={`mailto:${shop.contact_email}`} size="sm">
              {shop.contact_email}
            </Anchor>
          </Group>
        )}
        {shop.contact_phone && (
          <Group gap="xs">
            <IconPhone size={18} />
            <Anchor href={`tel:+${shop.contact_country_code ?? ""}${shop.contact_phone}`} size="sm">
              +{shop.contact_country_code} {formatAdvisorPhone(shop.contact_phone)}
            </Anchor>
          </Group>
        )}
        <Group gap="xs">
          <IconForms size={18} aria-hidden />
          <Anchor component={Link} to={shopHref(basePath, "/contacto")} size="sm" onClick={onClose}>
            {t("contact_page_link")}
          </Anchor>
        </Group>
        {shop.users_support_url && (
          <Group gap="xs">
            <IconExternalLink size={18} aria-hidden />
            <Anchor href={shop.users_support_url} target="_blank" rel="noopener noreferrer" size="sm">
              {t("contact_support_site")}
            </Anchor>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
