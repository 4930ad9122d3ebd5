import { Anchor, Button, CloseButton, Group, Popover, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconBrandFacebook, IconBrandWhatsapp, IconBrandX, IconMail } from "@tabler/icons-react";
import { referralApi } from "@tianguis/domain/routes/referral";
import { campaignName } from "@tianguis/domain/rules/referral";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { type DropdownLink, ExistingTarget, useLinkedDropdown } from "../../ui/lazy-dropdown";
import { useMutation } from "../../ui/useMutation";
import { CopyField } from "./CopyField";

/** ShareWidget's panel: a campaign for `page` (its name editable, the page's title at first), then its share links. */
export function ShareWidgetPopover({ link, page }: { link: DropdownLink; page: string }) {
  const t = useT();
  const { run, busy } = useMutation();
  const [name, setName] = useState("");
  const [campaignLink, setCampaignLink] = useState<string | null>(null);
  useEffect(() => setName(campaignName(document.title || page)), [page]);

  const create = () =>
    run(() => api(referralApi.createCampaign, { body: { name: campaignName(name || page), url: page, state: "active" } }), {
      success: "campaign_created",
      failure: "try_again_error",
      revalidate: false,
      onSuccess: (campaign) => setCampaignLink(`${window.location.origin}${campaign.encoded_mkt_url}`),
    });

  return (
    <Popover position="top-end" width={340} shadow="md" withArrow trapFocus closeOnEscape {...useLinkedDropdown(link)}>
      <Popover.Target>
        <ExistingTarget target={link.target} />
      </Popover.Target>
      <Popover.Dropdown aria-label={t("share_widget_title")}>
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <Title order={2} fz="h5">
              {t("share_widget_title")}
            </Title>
            <CloseButton onClick={() => link.onChange(false)} aria-label={t("close")} />
          </Group>
          {campaignLink ? (
            <ShareLinks link={campaignLink} title={name} />
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
