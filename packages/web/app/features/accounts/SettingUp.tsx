import { Loader, Paper, Stack, Text } from "@mantine/core";
import { useT } from "../../lib/i18n";

/** 'Estamos terminando de configurar tu cuenta…' while the account is being set up. */
export function SettingUp() {
  const t = useT();
  return (
    <Paper withBorder radius="md" p="xl" maw={480} mx="auto" w="100%">
      <Stack align="center" gap="md" role="status" aria-live="polite">
        <Loader />
        <Text ta="center">{t("account_setting_up")}</Text>
      </Stack>
    </Paper>
  );
}
