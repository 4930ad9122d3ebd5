import { Button, Checkbox, Group, Popover, Stack, Text } from "@mantine/core";
import { type TourStep, type TourStepId, showsTour } from "@tianguis/domain/rules/admin-tour";
import { accountsApi } from "@tianguis/domain/routes/accounts";
import { useEffect, useId, useState } from "react";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { notifyError } from "../../ui/notify";

export interface AdminTour {
  step: TourStep | null;
  index: number;
  total: number;
  alwaysShow: boolean;
  setAlwaysShow(value: boolean): void;
  next(): void;
  close(): void;
}

/**
 * The admin bar's guided tour (rules/admin-tour.ts): the owner's tour setting is read (GET /profile/setup-apps) once the
 * bar is in the browser; 'always show this tutorial' sends its new state (PATCH show_tour) as it changes, and closing
 * the tour without it turns the tour off, so the first visit's tour is the last unless asked for again.
 */
export function useAdminTour(isOwner: boolean, steps: TourStep[]): AdminTour {
  const t = useT();
  const [showTour, setShowTour] = useState<boolean | null>(null);
  const [index, setIndex] = useState(0);
  const [closed, setClosed] = useState(false);
  const [alwaysShow, setAlwaysShowState] = useState(false);
  useEffect(() => {
    if (!isOwner) return;
    let current = true;
    // Without the setting the bar works as ever; the tour simply does not start.
    api(accountsApi.tourSetting)
      .then((setting) => current && setShowTour(setting.show_tour))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [isOwner]);
  const save = (value: boolean) =>
    api(accountsApi.updateTourSetting, { body: { show_tour: value } }).catch((error: unknown) =>
      notifyError(t("error_title"), error, t("unknown")),
    );
  const open = !closed && steps.length > 0 && showsTour({ isOwner, showTour });
  const close = () => {
    setClosed(true);
    if (!alwaysShow) void save(false);
  };
  return {
    step: open ? (steps[Math.min(index, steps.length - 1)] ?? null) : null,
    index,
    total: steps.length,
    alwaysShow,
    setAlwaysShow(value) {
      setAlwaysShowState(value);
      void save(value);
    },
    next: () => (index + 1 >= steps.length ? close() : setIndex(index + 1)),
    close,
  };
}

/** One admin bar entry with its step of the tour beside it while that step is the current one. */
export function TourStepPopover({ tour, id, children }: { tour: AdminTour; id: TourStepId; children: React.ReactElement }) {
  const t = useT();
  const labelId = useId();
  const step = tour.step?.id === id ? tour.step : null;
  const last = tour.index + 1 >= tour.total;
  return (
    <Popover
      opened={step !== null}
      onClose={tour.close}
      position="right"
      withArrow
      shadow="md"
      width={280}
      closeOnClickOutside={false}
      zIndex={300}
    >
      <Popover.Target>{children}</Popover.Target>
      {/* Named after the tour and its step, not after the entry it points at (Mantine's default). */}
      <Popover.Dropdown aria-labelledby={labelId}>
        {step && (
          <Stack gap="xs">
            <Text size="xs" id={labelId}>
              {t("tour_label")} · {t("tour_step_of", { step: tour.index + 1, total: tour.total })}
            </Text>
            <Text fw={700}>{t(step.title)}</Text>
            <Text size="sm">{t(step.body)}</Text>
            <Checkbox
              size="sm"
              label={t("tour_always_show")}
              checked={tour.alwaysShow}
              onChange={(event) => tour.setAlwaysShow(event.currentTarget.checked)}
            />
            <Group justify="space-between" gap="xs">
              <Button variant="subtle" size="sm" onClick={tour.close}>
                {t("tour_skip")}
              </Button>
              <Button size="sm" onClick={tour.next}>
                {last ? t("tour_done") : t("tour_next")}
              </Button>
            </Group>
          </Stack>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
