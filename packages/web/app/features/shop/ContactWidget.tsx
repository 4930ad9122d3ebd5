import { useDisclosure } from "@mantine/hooks";
import { IconBrandWhatsapp, IconMessageCircle } from "@tabler/icons-react";
import { showsContactButton, showsMessagingButton } from "@tianguis/domain/rules/storefront-chrome";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { useLocation } from "react-router";
import { useT } from "../../lib/i18n";
import { intentToOpen, lazyPart, useOpenedOnce } from "../../lib/lazy-part";
import { Hint } from "../../ui/Hint";
import { Group } from "../../ui/layout-markup";
import { PlainIconButton } from "../../ui/PlainButton";
import { WHATSAPP_COLOR } from "../../ui/whatsapp";
import widget from "./ContactWidget.module.css";
import classes from "./shop.module.css";

// The dialog's code downloads when the visitor reaches for the button, not with every shop page (issue 16).
const ContactDialog = lazyPart(() => import("./ContactDialog").then((module) => module.ContactDialog));

function whatsappUrl(countryCode: string, phone: string): string {
  return `https://wa.me/${countryCode.replace(/\D/g, "")}${phone.replace(/\D/g, "")}`;
}

/**
 * Contact button opening the shop's support dialog (ContactDialog.tsx) when a live chat licence or a WhatsApp phone
 * exists; the messaging (WhatsApp) button on the listed paths when country code and phone are set.
 */
export function ContactWidget({ shop, basePath }: { shop: ShopView; basePath: string }) {
  const t = useT();
  const { pathname } = useLocation();
  const [opened, modal] = useDisclosure(false);
  const openedOnce = useOpenedOnce(opened);
  const pathAfterBase = pathname.slice(basePath.length) || "/";
  if (!showsContactButton(shop, pathAfterBase)) return null;
  const whatsapp = shop.whatsapp_country_code && shop.whatsapp_phone ? whatsappUrl(shop.whatsapp_country_code, shop.whatsapp_phone) : null;
  return (
    <>
      <Group className={`${classes.floating} ${widget.above}`} gap="sm">
        {whatsapp && showsMessagingButton(shop, pathAfterBase) && (
          <Hint label={t("contact_whatsapp")}>
            <PlainIconButton
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
            </PlainIconButton>
          </Hint>
        )}
        <Hint label={t("contact_title")} side="start">
          <PlainIconButton
            size={52}
            radius="xl"
            variant="filled"
            color={shop.store_theme_info.color1}
            aria-label={t("contact_title")}
            aria-haspopup="dialog"
            onClick={modal.open}
            {...intentToOpen(ContactDialog)}
            style={{ boxShadow: "var(--mantine-shadow-md)" }}
          >
            <IconMessageCircle size={26} />
          </PlainIconButton>
        </Hint>
      </Group>
      {openedOnce && <ContactDialog shop={shop} basePath={basePath} whatsapp={whatsapp} opened={opened} onClose={modal.close} />}
    </>
  );
}
