import { Anchor, Breadcrumbs, Container, Paper, Stack, Text, Title } from "@mantine/core";
import type { MessageCode } from "@tianguis/domain/messages/index";
import { DISABLED_SHOP_HELP_PATH, SUPPORT_CENTER_PATH, SUPPORT_EMAIL } from "@tianguis/domain/rules/support";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useT } from "../../lib/i18n";

function Section({ id, title, children }: { id?: string; title: MessageCode; children: ReactNode }) {
  const t = useT();
  return (
    <Paper component="section" id={id} withBorder p="md" radius="md" aria-labelledby={id ? `${id}-title` : undefined}>
      <Stack gap="xs">
        <Title order={2} size="h3" id={id ? `${id}-title` : undefined}>
          {t(title)}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function ContactSection() {
  const t = useT();
  // The sentence in each language, with the address as a link where it says {email}.
  const [before, after = ""] = t("help_contact_body", { email: "{email}" }).split("{email}");
  return (
    <Section id="contacto" title="help_contact_title">
      <Text>
        {before}
        <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>
        {after}
      </Text>
    </Section>
  );
}

/** /ayuda: the support centre the advisor modal links to; franchise and affiliate stores' support URLs point at its sections. */
export function HelpCenter() {
  const t = useT();
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t("help_title")}</Title>
          <Text c="dimmed">{t("help_intro")}</Text>
        </Stack>
        <Section id="compras" title="help_buyers_title">
          <Text>{t("help_buyers_body")}</Text>
        </Section>
        <Section id="proveedores" title="help_suppliers_title">
          <Text>{t("help_suppliers_body")}</Text>
          <Anchor component={Link} to={DISABLED_SHOP_HELP_PATH}>
            {t("help_disabled_link")}
          </Anchor>
        </Section>
        <Section id="franquicias" title="help_franchises_title">
          <Text>{t("help_franchises_body")}</Text>
        </Section>
        <Section id="afiliados" title="help_affiliates_title">
          <Text>{t("help_affiliates_body")}</Text>
        </Section>
        <ContactSection />
      </Stack>
    </Container>
  );
}

/** /ayuda/proveedores/deshabilitado: what a disabled shop means for its owner and its buyers (linked from the warning). */
export function DisabledShopHelp() {
  const t = useT();
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Breadcrumbs>
          <Anchor component={Link} to={SUPPORT_CENTER_PATH}>
            {t("help_title")}
          </Anchor>
          <Anchor component={Link} to={`${SUPPORT_CENTER_PATH}#proveedores`}>
            {t("help_suppliers_title")}
          </Anchor>
        </Breadcrumbs>
        <Stack gap={4}>
          <Title order={1}>{t("help_disabled_title")}</Title>
          <Text>{t("help_disabled_intro")}</Text>
        </Stack>
        <Section id="motivos" title="help_disabled_why_title">
          <Text>{t("help_disabled_why_body")}</Text>
        </Section>
        <Section id="duenos" title="help_disabled_owner_title">
          <Text>{t("help_disabled_owner_body")}</Text>
        </Section>
        <Section id="compradores" title="help_disabled_buyer_title">
          <Text>{t("help_disabled_buyer_body")}</Text>
        </Section>
        <ContactSection />
        <Anchor component={Link} to={SUPPORT_CENTER_PATH}>
          {t("help_back")}
        </Anchor>
      </Stack>
    </Container>
  );
}
