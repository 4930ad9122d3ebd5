import { Button, Container, Group, Loader, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconCamera, IconCameraOff } from "@tabler/icons-react";
import { ticketsApi } from "@tianguis/domain/routes/tickets";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { Suspense, lazy, useRef, useState } from "react";
import { ApiRequestError, api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { CheckInLog } from "./CheckInLog";
import { type CheckInOutcome, CheckInResult } from "./CheckInResult";
import { type IssuableExperience, IssueTickets } from "./IssueTickets";

/** The camera reader weighs ~100 KB compressed: it loads when the door asks for the camera, not with the page. */
const QrCameraScanner = lazy(() => import("./QrCameraScanner"));

/**
 * The shop's check-in (commerce-and-accounts §2 'attendants/tickets with QR scan', §6 qrreader role): scan a ticket's
 * QR with the device camera or type its code; the answer says who got in, or why not and when it was used.
 */
export function CheckInPage({ shop, issued, experiences }: { shop: ShopView; issued: number; experiences: IssuableExperience[] }) {
  const [total, setTotal] = useState(issued);
  const t = useT();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [camera, setCamera] = useState<"off" | "on" | "failed">("off");
  // The answers given on this device, newest first: the latest one large, the ones before it as a short log.
  const [history, setHistory] = useState<CheckInOutcome[]>([]);
  const setOutcome = (outcome: CheckInOutcome) => setHistory((previous) => [outcome, ...previous].slice(0, 11));
  const [outcome, ...earlier] = history;
  const last = useRef<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (text: string) => {
    const typed = text.trim();
    if (!typed || busy) return;
    setBusy(true);
    try {
      const answer = await api(ticketsApi.checkIn, { params: { slug: shop.slug }, body: { code: typed } });
      setOutcome({ ok: true, ticket: answer.ticket, at: answer.checked_in_at, typed });
      setCode("");
    } catch (error) {
      const body =
        error instanceof ApiRequestError ? (error.body as { code: string; message: string; details?: { used_at?: string } }) : null;
      setOutcome({
        ok: false,
        code: body?.code ?? "unknown",
        message: body?.message || t("generic_error"),
        usedAt: body?.details?.used_at ?? null,
        typed,
      });
    } finally {
      setBusy(false);
      last.current = typed;
    }
  };

  // The camera keeps seeing the QR it just read: the code last answered is that same ticket still in front of the
  // lens, so the camera ignores it (typing it again does ask the server).
  const onScan = (text: string) => {
    if (busy || last.current === text.trim()) return;
    void submit(text);
  };

  return (
    <Container size="xs" px="sm" py="md">
      <Stack gap="md">
        <Stack gap={0}>
          <Title order={1} fz={{ base: "h2", sm: "h1" }}>
            {t("checkin_title")}
          </Title>
          <Text c="dimmed" size="sm">
            {shop.name} · {t("tickets_title")}: {total}
          </Text>
        </Stack>

        <div aria-live="polite">{outcome && <CheckInResult outcome={outcome} />}</div>

        <Paper withBorder radius="md" p="sm">
          <Stack gap="sm">
            {camera === "on" ? (
              <>
                <Suspense fallback={<Loader mx="auto" my="xl" aria-label={t("checkin_scan")} />}>
                  <QrCameraScanner label={t("checkin_camera_hint")} onCode={onScan} onError={() => setCamera("failed")} />
                </Suspense>
                <Text size="sm" c="dimmed" ta="center">
                  {t("checkin_camera_hint")}
                </Text>
                <Button variant="default" leftSection={<IconCameraOff size={18} />} onClick={() => setCamera("off")}>
                  {t("checkin_stop")}
                </Button>
              </>
            ) : (
              <Button size="lg" leftSection={<IconCamera size={20} />} onClick={() => setCamera("on")}>
                {t("checkin_scan")}
              </Button>
            )}
            {camera === "failed" && (
              <Text size="sm" c="red" role="alert">
                {t("checkin_camera_unavailable")}
              </Text>
            )}
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="sm" component="form" onSubmit={(event) => (event.preventDefault(), void submit(code))}>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              ref={input}
              label={t("checkin_manual")}
              placeholder="XXXX-XXXX-XXXX-XXXX"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              style={{ flex: 1, minWidth: 0 }}
              styles={{ input: { fontFamily: "monospace", textTransform: "uppercase" } }}
            />
            <Button type="submit" loading={busy} disabled={!code.trim()}>
              {t("checkin_submit")}
            </Button>
          </Group>
        </Paper>

        {earlier.length > 0 && <CheckInLog outcomes={earlier} />}

        <IssueTickets slug={shop.slug} experiences={experiences} onIssued={(count) => setTotal((value) => value + count)} />
      </Stack>
    </Container>
  );
}
