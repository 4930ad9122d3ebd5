import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconCoins, IconSpeakerphone, IconUsers } from "@tabler/icons-react";
import { Link } from "react-router";
import { useT } from "../../lib/i18n";
import { CopyField } from "./CopyField";
import { useAbsoluteUrl } from "./useAbsoluteUrl";

/** Tab 'Productos': the promoter's code and link; any shop page shared with it credits them. */
export function ReferralProducts({ code, shopSlug }: { code: string; shopSlug: string | null }) {
  const t = useT();
  const link = useAbsoluteUrl(`/?referral=${code}`);
  return (
    <Stack gap="lg">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Text>{t("referral_products_intro")}</Text>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t("referral_code_label")}
            </Text>
            <Title order={2} ff="monospace" data-testid="referral-code">
              {code}
            </Title>
          </Stack>
          <CopyField label={t("referral_link_label")} value={link} />
          <Text size="sm" c="dimmed">
            {t("referral_earnings_hint")}
          </Text>
        </Stack>
      </Paper>
      <Group gap="sm">
        <Button component={Link} to="/apps/me/referral/campaigns" leftSection={<IconSpeakerphone size={18} />} w="fit-content">
          {t("referral_open_campaigns")}
        </Button>
        {shopSlug && (
          <Button
            component={Link}
            to={`/tienda/${shopSlug}/promoted`}
            variant="light"
            leftSection={<IconUsers size={18} />}
            w="fit-content"
          >
            {t("referral_my_promoted")}
          </Button>
        )}
        <Button component={Link} to="/apps/me/ganancias" variant="light" leftSection={<IconCoins size={18} />} w="fit-content">
          {t("earnings_link")}
        </Button>
      </Group>
    </Stack>
  );
}
