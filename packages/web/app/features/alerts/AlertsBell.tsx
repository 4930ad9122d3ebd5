import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Drawer,
  Group,
  Indicator,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconBell, IconCoins, IconCreditCard, IconShoppingBag, IconUsers } from "@tabler/icons-react";
import { alertsApi } from "@tianguis/domain/routes/alerts";
import type { Locale } from "@tianguis/domain/locale";
import { type AlertView as TargetView, alertTarget } from "@tianguis/domain/rules/alert-target";
import type { AlertView } from "@tianguis/domain/schemas/alert";
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import { useUser } from "../../lib/user";
import { useShop } from "../../lib/useShop";
import { relativeTimeFormat } from "../../lib/intl";

/** Alerts load 10 at a time (commerce-and-accounts §4, §9); the drawer is 280 px wide. */
const PAGE = 10;
const DRAWER_WIDTH = 280;

const originIcons: Record<string, typeof IconBell> = {
  store: IconShoppingBag,
  payments: IconCreditCard,
  referral: IconCoins,
  wallet: IconCoins,
  crm: IconUsers,
};

function relativeTime(iso: string, locale: Locale, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = relativeTimeFormat(locale === "en" ? "en" : locale, { numeric: "auto" });
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ["second", 60],
    ["minute", 60],
    ["hour", 24],
    ["day", 30],
    ["month", 12],
    ["year", Infinity],
  ];
  let value = seconds;
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return format.format(value, unit);
    value = Math.round(value / size);
  }
  return format.format(value, "year");
}

/**
 * The live pending count: the alerts stream (Server-Sent Events) sends it at once and on every change, on whichever
 * instance the browser reaches; EventSource reconnects by itself, and after a hard failure we open it again.
 * Browser only: nothing of it is rendered on the server.
 */
function usePendingAlerts(enabled: boolean) {
  const [pending, setPending] = useState<number | null>(null);
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const open = () => {
      source = new EventSource("/api/v1/me/alerts/stream");
      source.addEventListener("pending", (event) => {
        const data = JSON.parse((event as MessageEvent<string>).data) as { pending: number };
        setPending(data.pending);
      });
      source.onerror = () => {
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          retry = setTimeout(open, 5_000);
        }
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [enabled]);
  return [pending, setPending] as const;
}

/** Top-bar bell for signed-in users: a badge of pending alerts, and the alerts drawer (storefront-and-admin §2). */
export function AlertsBell() {
  const user = useUser();
  const t = useT();
  const [pending, setPending] = usePendingAlerts(user !== null);
  const [opened, drawer] = useDisclosure(false);
  if (!user) return null;
  const count = pending ?? 0;
  const label = count > 0 ? t("alerts_bell_label", { count }) : t("alerts_bell_none");
  return (
    <>
      <Indicator label={count > 99 ? "99+" : count} size={18} disabled={count === 0} color="red" offset={6} inline>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={drawer.open}
          data-testid="alerts-bell"
        >
          <IconBell size={20} />
        </ActionIcon>
      </Indicator>
      <VisuallyHidden aria-live="polite" role="status">
        {pending === null ? "" : label}
      </VisuallyHidden>
      <Drawer opened={opened} onClose={drawer.close} position="right" size={DRAWER_WIDTH} title={t("alerts_title")} trapFocus returnFocus>
        {opened && <AlertsList onPending={setPending} onClose={drawer.close} />}
      </Drawer>
    </>
  );
}

function AlertsList({ onPending, onClose }: { onPending: (count: number) => void; onClose: () => void }) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const shopContext = useShop();
  const [items, setItems] = useState<AlertView[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const loadingRef = useRef(false);
  const view: TargetView = shopContext ? { kind: "shop", slug: shopContext.shop.slug, basePath: shopContext.basePath } : { kind: "site" };

  const load = useCallback(
    async (offset: number) => {
      if (loadingRef.current) return;
      loadingRef.current = true;
      setLoading(true);
      setFailed(false);
      try {
        // Opening the bell fetches the alerts and clears the badge (storefront-and-admin L68); they stay pending until opened.
        const [page, seen] = await Promise.all([
          api(alertsApi.list, { query: { offset, limit: PAGE } }),
          offset === 0 ? api(alertsApi.seen).catch(() => null) : null,
        ]);
        setItems((current) =>
          offset === 0 ? page.results : [...current, ...page.results.filter((row) => !current.some((one) => one.id === row.id))],
        );
        setTotal(page.matches_estimated);
        onPending(seen ? seen.pending : page.pending);
      } catch {
        setFailed(true);
      } finally {
        loadingRef.current = false;
        setLoading(false);
      }
    },
    [onPending],
  );
  useEffect(() => {
    void load(0);
  }, [load]);

  const open = async (alert: AlertView) => {
    const target = alertTarget(alert, view);
    if (!alert.visited) {
      try {
        const visited = await api(alertsApi.visit, { params: { id: alert.id }, body: { visited: true } });
        onPending(visited.pending);
        setItems((current) => current.map((one) => (one.id === alert.id ? { ...one, visited: true, pending_visits: 0 } : one)));
      } catch {
        // the alert still opens; it stays pending and is marked on the next click
      }
    }
    if (target) {
      onClose();
      navigate(target);
    }
  };

  const more = items.length < total;
  // Scrolling the drawer to the end of the list loads the next 10, like 'Carga más' (storefront-and-admin §2). The
  // scroll is heard in the capture phase, so whichever drawer element scrolls, it is the list's own ancestor that counts.
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!more || loading || failed) return;
    const onScroll = (event: Event) => {
      const scroller = event.target;
      if (!(scroller instanceof HTMLElement) || !list.current || !scroller.contains(list.current)) return;
      if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 48) void load(items.length);
    };
    document.addEventListener("scroll", onScroll, true);
    return () => document.removeEventListener("scroll", onScroll, true);
  }, [more, loading, failed, load, items.length]);
  return (
    <Stack gap={4} data-testid="alerts-list" ref={list}>
      {items.map((alert) => {
        const Icon = originIcons[alert.origin_app] ?? IconBell;
        return (
          <UnstyledButton
            key={alert.id}
            onClick={() => void open(alert)}
            p="xs"
            data-alert={alert.id}
            data-pending={!alert.visited || undefined}
            style={{
              borderRadius: 6,
              background: alert.visited ? undefined : "var(--mantine-color-blue-light)",
              borderLeft: alert.visited ? "3px solid transparent" : "3px solid var(--mantine-color-blue-filled)",
            }}
          >
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Icon size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Box style={{ minWidth: 0 }}>
                <Text size="sm" fw={alert.visited ? 400 : 600}>
                  {alert.message ?? t("alerts_no_message")}
                </Text>
                <Group gap={6}>
                  <Text size="xs" c="dimmed">
                    {relativeTime(alert.created_at, locale)}
                  </Text>
                  {!alert.visited && (
                    <Badge size="xs" variant="light">
                      {t("alerts_pending")}
                    </Badge>
                  )}
                </Group>
              </Box>
            </Group>
          </UnstyledButton>
        );
      })}
      {loading &&
        Array.from({ length: items.length === 0 ? 4 : 2 }, (_, index) => (
          <Group key={index} gap="xs" p="xs" wrap="nowrap" aria-hidden>
            <Skeleton circle height={18} />
            <Box style={{ flex: 1 }}>
              <Skeleton height={10} mb={6} />
              <Skeleton height={8} width="40%" />
            </Box>
          </Group>
        ))}
      {!loading && failed && (
        <Text size="sm" c="red" role="alert">
          {t("alerts_load_error")}
        </Text>
      )}
      {!loading && !failed && items.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="lg">
          {t("alerts_empty")}
        </Text>
      )}
      {!loading && more && (
        <Button variant="light" onClick={() => void load(items.length)} mt="xs">
          {t("alerts_load_more")}
        </Button>
      )}
    </Stack>
  );
}
