import { Anchor, Badge, Button, Group, Modal, Skeleton, Stack, Text } from "@mantine/core";
import { IconBrandWhatsapp, IconExternalLink, IconHelpCircle, IconMail, IconMessages, IconPhone } from "@tabler/icons-react";
import { supportApi } from "@tianguis/domain/routes/support";
import type { ShopSupportView } from "@tianguis/domain/schemas/support";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useOpenedAfterMount } from "../../lib/lazy-part";
import { WHATSAPP_COLOR } from "../../ui/whatsapp";

/** A support URL of this site opens in place; another site's in a new tab. */
function isExternal(url: string): boolean {
  return !url.startsWith("/");
}

function SupportCenterLink({ href }: { href: string }) {
  const t = useT();
  return (
    <Anchor component={Link} to={href} size="sm">
      <Group gap={6} wrap="nowrap">
        <IconHelpCircle size={18} aria-hidden />
        {t("support_center")}
      </Group>
    </Anchor>
  );
}

function AdvisorDetails({ support }: { support: ShopSupportView }) {
  const t = useT();
  if (support.channel !== "advisor" && support.support_url) {
    const external = isExternal(support.support_url);
    return (
      <Stack gap="md">
        <Text>{t(support.channel === "franchise" ? "support_own_franchise" : "support_own_affiliate")}</Text>
        <Button
          component="a"
          href={support.support_url}
          {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
          rightSection={external ? <IconExternalLink size={16} aria-hidden /> : undefined}
        >
          {t("support_open_site")}
        </Button>
        <SupportCenterLink href={support.help_url} />
      </Stack>
    );
  }
  const advisor = support.advisor;
  if (!advisor) {
    return (
      <Stack gap="md">
        <Text>{t("advisor_none")}</Text>
        <SupportCenterLink href={support.help_url} />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t("advisor_intro")}
      </Text>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700} size="lg">
          {advisor.name}
        </Text>
        <Badge color={advisor.online ? "green" : "gray"} variant="light" data-testid="advisor-state">
          {t(advisor.online ? "advisor_online" : "advisor_offline")}
        </Badge>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <IconPhone size={18} aria-hidden />
        <Text size="sm">{t("advisor_phone")}:</Text>
        <Anchor href={`tel:+${advisor.country_code}${advisor.phone}`} size="sm" data-testid="advisor-phone">
          {advisor.phone_display}
        </Anchor>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <IconMail size={18} aria-hidden />
        <Text size="sm">{t("advisor_email")}:</Text>
        <Anchor href={`mailto:${advisor.email}`} size="sm" style={{ overflowWrap: "anywhere" }}>
          {advisor.email}
        </Anchor>
      </Group>
      {advisor.whatsapp_url && (
        <Button
          component="a"
          href={advisor.whatsapp_url}
          target="_blank"
          rel="noopener noreferrer"
          color={WHATSAPP_COLOR}
          leftSection={<IconBrandWhatsapp size={20} aria-hidden />}
        >
          {t("advisor_whatsapp")}
        </Button>
      )}
      {advisor.chat_url && (
        <Button
          component="a"
          href={advisor.chat_url}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          leftSection={<IconMessages size={20} aria-hidden />}
        >
          {t("advisor_chat")}
        </Button>
      )}
      <SupportCenterLink href={support.help_url} />
    </Stack>
  );
}

/**
 * The 'Mi asesor' dialog itself, loaded on its first opening (AdvisorModal.tsx). 'Mi asesor' (commerce-and-accounts §2 'Advisor modal'): the advisor's phone as (XXX) XXX-XXXX, WhatsApp, e-mail, a
 * private chat link and the support centre, with whether the advisor is online now (§4); franchise and affiliate
 * stores get their own support URL instead. Fetched each time it opens, so the online state is current.
 */
export function AdvisorDialog({ shopSlug, opened, onClose }: { shopSlug: string; opened: boolean; onClose: () => void }) {
  const t = useT();
  const [support, setSupport] = useState<ShopSupportView | null>(null);
  const [failed, setFailed] = useState(false);
  const fetchSupport = useCallback(async () => {
    setFailed(false);
    setSupport(null);
    try {
      setSupport(await api(supportApi.shopSupport, { params: { slug: shopSlug } }));
    } catch {
      setFailed(true);
    }
  }, [shopSlug]);
  useEffect(() => {
    if (opened) void fetchSupport();
  }, [opened, fetchSupport]);
  const shown = useOpenedAfterMount(opened);
  return (
    <Modal opened={shown} onClose={onClose} title={t("my_advisor")} centered>
      {support ? (
        <AdvisorDetails support={support} />
      ) : failed ? (
        <Stack gap="sm">
          <Text c="red" role="alert">
            {t("support_load_error")}
          </Text>
          <Button variant="light" onClick={() => void fetchSupport()}>
            {t("support_retry")}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label={t("loading")}>
          <Skeleton height={16} width="70%" />
          <Skeleton height={22} width="50%" />
          <Skeleton height={14} />
          <Skeleton height={14} />
          <Skeleton height={36} />
        </Stack>
      )}
    </Modal>
  );
}
