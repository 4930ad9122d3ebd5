import { ActionIcon, Anchor, Badge, Button, Group, Modal, Stack, Text, Tooltip } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconBrandWhatsapp, IconExternalLink, IconForms, IconMail, IconMessageCircle, IconPhone } from "@tabler/icons-react";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { isOfficeOpen, showsContactButton, showsMessagingButton } from "@tianguis/domain/rules/storefront-chrome";
import { formatAdvisorPhone } from "@tianguis/domain/rules/support";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { useT } from "../../lib/i18n";
import classes from "./shop.module.css";
import { WHATSAPP_COLOR } from "../../ui/whatsapp";

function whatsappUrl(countryCode: string, phone: string): string {
  return `https://wa.me/${countryCode.replace(/\D/g, "")}${phone.replace(/\D/g, "")}`;
}

/**
 * Contact modal and chat button when a live chat licence or a WhatsApp phone exists; the messaging
 * (WhatsApp) button on the listed paths when country code and phone are set; the office-hours message. The modal is
 * the shop's support modal: WhatsApp, e-mail, phone (10 digits as (XXX) XXX-XXXX), the contact form and the shop's own
 * support site (users_support_url) when it has one.
 */
export function ContactWidget({ shop, basePath }: { shop: ShopView; basePath: string }) {
  const t = useT();
  const { pathname } = useLocation();
  const [opened, modal] = useDisclosure(false);
  const [open, setOpen] = useState<boolean | null>(null);
  useEffect(() => setOpen(isOfficeOpen(new Date().getHours())), []);
  const pathAfterBase = pathname.slice(basePath.length) || "/";
  if (!showsContactButton(shop, pathAfterBase)) return null;
  const whatsapp = shop.whatsapp_country_code && shop.whatsapp_phone ? whatsappUrl(shop.whatsapp_country_code, shop.whatsapp_phone) : null;
  return (
    <>
      <Group className={classes.floating} gap="sm">
        {whatsapp && showsMessagingButton(shop, pathAfterBase) && (
          <Tooltip label={t("contact_whatsapp")}>
            <ActionIcon
              component="a"
              href={whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              size={52}
              radius="xl"
              color={WHATSAPP_COLOR}
              variant="filled"
              aria-label={t("contact_whatsapp")}
              style={{ boxShadow: "var(--mantine-shadow-md)" }}
            >
              <IconBrandWhatsapp size={28} />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label={t("contact_title")}>
          <ActionIcon
            size={52}
            radius="xl"
            variant="filled"
            color={shop.store_theme_info.color1}
            aria-label={t("contact_title")}
            onClick={modal.open}
            style={{ boxShadow: "var(--mantine-shadow-md)" }}
          >
            <IconMessageCircle size={26} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Modal opened={opened} onClose={modal.close} title={t("contact_title")} centered>
        <Stack gap="md">
          <Group gap="xs">
            <Text size="sm">{t("office_hours")}</Text>
            {open !== null && (
              <Badge color={open ? "green" : "gray"} variant="light">
                {open ? t("office_open") : t("office_closed")}
              </Badge>
            )}
          </Group>
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
            <Anchor component={Link} to={shopHref(basePath, "/contacto")} size="sm" onClick={modal.close}>
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
    </>
  );
}
