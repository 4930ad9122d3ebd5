import { Paper, Switch } from "@mantine/core";
import { accountsApi } from "@tianguis/domain/routes/accounts";
import { useEffect, useState } from "react";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { notifyError } from "../../ui/notify";

/**
 * /preferencias: the tour toggle ('always show this tutorial', commerce-and-accounts §2), for a shop's owner. It reads
 * GET /profile/setup-apps and sends each new state with PATCH show_tour; the admin bar's tour follows it on the next visit.
 */
export function TourSettingSwitch() {
  const t = useT();
  const [showTour, setShowTour] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let current = true;
    api(accountsApi.tourSetting)
      .then((setting) => current && setShowTour(setting.show_tour))
      .catch((error: unknown) => notifyError(t("error_title"), error, t("unknown")));
    return () => {
      current = false;
    };
  }, [t]);

  async function change(value: boolean) {
    setBusy(true);
    try {
      setShowTour((await api(accountsApi.updateTourSetting, { body: { show_tour: value } })).show_tour);
    } catch (error) {
      notifyError(t("error_title"), error, t("unknown"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder radius="md" p="md">
      <Switch
        label={t("tour_always_show")}
        description={t("tour_always_show_hint")}
        checked={showTour ?? false}
        disabled={showTour === null || busy}
        onChange={(event) => void change(event.currentTarget.checked)}
      />
    </Paper>
  );
}
