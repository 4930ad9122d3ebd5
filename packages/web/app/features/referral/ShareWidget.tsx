import { Affix, Anchor, Button, CloseButton, Group, Popover, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconBrandFacebook, IconBrandWhatsapp, IconBrandX, IconMail, IconSpeakerphone } from "@tabler/icons-react";
import { referralApi } from "@tianguis/domain/routes/referral";
import { campaignName, isShareWidgetVisible } from "@tianguis/domain/rules/referral";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useUser } from "../../lib/user";
import { useShop } from "../../lib/useShop";
import { useMutation } from "../../ui/useMutation";
import { CopyField } from "./CopyField";

/**
 * The floating share widget 'Crea campaña y comparte' (commerce-and-accounts §2, storefront-and-admin §2): creates a
 * campaign for the current page URL with its query string, then offers social share links and copy-link. Shown only
 * to users with the referral area, never on /apps, /home, /me, /password or /shopping-cart (rules/referral).
 */
export function ShareWidget() {
  const user = useUser();
  const location = useLocation();
  if (!isShareWidgetVisible(location.pathname, user)) return null;
  return <ShareWidgetPanel key={location.pathname + location.search} page={location.pathname + location.search} />;
}

function ShareWidgetPanel({ page }: { page: string }) {
  const t = useT();
  // Inside a shop its contact bubble holds the bottom-right corner: stand above it.
  const inShop = useShop() !== null;
  const { run, busy } = useMutation();
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState("");
  const [link, setLink] = useState<string | null>(null);
  useEffect(() => setName(campaignName(document.title || page)), [page]);

  const create = () =>
    run(() => api(referralApi.createCampaign, { body: { name: campaignName(name || page), url: page, state: "active" } }), {
      success: "campaign_created",
      failure: "try_again_error",
      revalidate: false,
      onSuccess: (campaign) => setLink(`${window.location.origin}${campaign.encoded_mkt_url}`),
    });

  return (
    <Affix position={{ right: 16, bottom: inShop ? 84 : 16 }} zIndex={140}>
      <Popover opened={opened} onChange={setOpened} position="top-end" width={340} shadow="md" withArrow trapFocus closeOnEscape>
        <Popover.Target>
          <Button
            radius="xl"
            size="md"
            color="#06694b"
            leftSection={<IconSpeakerphone size={18} />}
            onClick={() => setOpened((open) => !open)}
            aria-expanded={opened}
            aria-label={t("share_widget_title")}
          >
            <Text span visibleFrom="xs" inherit>
              {t("share_widget_title")}
            </Text>
          </Button>
        </Popover.Target>
        <Popover.Dropdown aria-label={t("share_widget_title")}>
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap">
              <Title order={2} fz="h5">
                {t("share_widget_title")}
              </Title>
              <CloseButton onClick={() => setOpened(false)} aria-label={t("close")} />
            </Group>
            {link ? (
              <ShareLinks link={link} title={name} />
            ) : (
              <>
                <Text size="sm">{t("share_widget_intro")}</Text>
                <TextInput
                  label={t("campaign_name")}
                  value={name}
                  onChange={(event) => setName(campaignName(event.currentTarget.value))}
                  maxLength={100}
                />
                <Button onClick={create} loading={busy} disabled={!name.trim()}>
                  {t("share_widget_create")}
                </Button>
              </>
            )}
            <Anchor component={Link} to="/apps/me/referral/campaigns" size="sm">
              {t("share_see_campaigns")}
            </Anchor>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Affix>
  );
}

function ShareLinks({ link, title }: { link: string; title: string }) {
  const t = useT();
  const url = encodeURIComponent(link);
  const text = encodeURIComponent(title);
  const targets = [
    {
      label: t("share_whatsapp"),
      href: `https://wa.me/?text=${encodeURIComponent(`${title} ${link}`)}`,
      icon: IconBrandWhatsapp,
      color: "green",
    },
    { label: t("share_facebook"), href: `https://www.facebook.com/sharer/sharer.php?u=${url}`, icon: IconBrandFacebook, color: "blue" },
    { label: t("share_x"), href: `https://x.com/intent/tweet?url=${url}&text=${text}`, icon: IconBrandX, color: "dark" },
    { label: t("share_email"), href: `mailto:?subject=${text}&body=${url}`, icon: IconMail, color: "gray" },
  ];
  return (
    <Stack gap="sm">
      <CopyField label={t("campaign_link")} value={link} stacked />
      <SimpleGrid cols={2} spacing="xs">
        {targets.map((target) => (
          <Button
            key={target.label}
            component="a"
            href={target.href}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            color={target.color}
            size="xs"
            leftSection={<target.icon size={16} />}
          >
            {target.label}
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
