import { Anchor, Badge, Box, Button, Container, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconArrowRight, IconCheck } from "@tabler/icons-react";
import { formatMoney } from "@tianguis/domain/money";
import type { SignupIntent } from "@tianguis/domain/schemas/package";
import { Link } from "react-router";
import { useLocale, useT } from "../../lib/i18n";
import { useUser } from "../../lib/user";
import { SignupForm } from "../accounts/SignupForm";
import type { LandingContent } from "./landings";

/**
 * A plan landing (/tiendaenlinea, /negociodigital, /mkt/facturacion) or a default one (/proveedores, /emprendedores):
 * what it offers, its price, and the sign-up that carries the plan, the landing and the visit's referral.
 */
export function LandingPage({ content, intent }: { content: LandingContent; intent: SignupIntent }) {
  const t = useT();
  const locale = useLocale();
  const user = useUser();
  const { plan } = content;
  return (
    <Box
      py={{ base: "lg", md: 48 }}
      style={{
        background: "linear-gradient(160deg, light-dark(var(--mantine-color-teal-0), var(--mantine-color-dark-7)) 0%, transparent 70%)",
      }}
    >
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: "xl", md: 48 }}>
          <Stack gap="lg">
            {plan && (
              <Badge size="lg" variant="light" color="teal" w="fit-content">
                {t("landing_plan_badge")} {plan.name}
              </Badge>
            )}
            <Title order={1} fz={{ base: 32, md: 44 }} lh={1.15}>
              {t(content.title)}
            </Title>
            <Text size="lg" c="dimmed">
              {t(content.subtitle)}
            </Text>
            {plan && (
              <Stack gap={4}>
                <Text fz={28} fw={700} data-testid="landing-price">
                  {t("landing_price_month", { price: formatMoney({ amount: plan.price, currency: plan.currency }, locale) })}
                </Text>
                <Text size="sm" c="dimmed">
                  {t("landing_trial")}
                </Text>
              </Stack>
            )}
            <Paper withBorder radius="md" p="lg">
              <Title order={2} size="h4" mb="sm">
                {t("landing_includes")}
              </Title>
              <List
                spacing="sm"
                icon={
                  <ThemeIcon color="teal" size={22} radius="xl">
                    <IconCheck size={14} aria-hidden />
                  </ThemeIcon>
                }
              >
                {content.features.map((feature) => (
                  <List.Item key={feature}>{t(feature)}</List.Item>
                ))}
              </List>
            </Paper>
            <Group gap="md">
              <Button component="a" href="#registro" size="lg" rightSection={<IconArrowRight size={18} aria-hidden />} hiddenFrom="md">
                {t(content.cta)}
              </Button>
              {plan && (
                <Anchor component={Link} to="/apps/paquetes">
                  {t("landing_see_packages")}
                </Anchor>
              )}
            </Group>
          </Stack>
          <Box id="registro" style={{ scrollMarginTop: 80 }}>
            {user ? (
              <Paper withBorder radius="md" p="xl" shadow="sm">
                <Stack gap="md">
                  <Title order={2} size="h3">
                    {t("assistants_title")}
                  </Title>
                  <Text c="dimmed">{t("assistants_intro")}</Text>
                  <Button component={Link} to="/asistentes/emprendedores" size="md">
                    {t("package_go_assistants")}
                  </Button>
                </Stack>
              </Paper>
            ) : (
              <Paper radius="md" shadow="md" withBorder p={{ base: "md", sm: "xl" }}>
                <SignupForm
                  inModal
                  intent={intent}
                  createShopOnSignup={content.landing.shop === "supplier"}
                  title={t("landing_signup_title")}
                  submitLabel={t(content.cta)}
                />
              </Paper>
            )}
          </Box>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
