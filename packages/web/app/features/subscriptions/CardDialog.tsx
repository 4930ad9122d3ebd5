import { ActionIcon, Alert, Box, Button, Group, Modal, Radio, Skeleton, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { subscriptionsApi } from "@tianguis/domain/routes/subscriptions";
import { canDeleteCard, cardUndoMs } from "@tianguis/domain/rules/subscription";
import type { SavedCardView } from "@tianguis/domain/schemas/subscription";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { usePending } from "../../lib/usePending";
import { useOpenedAfterMount } from "../../lib/lazy-part";
import { notifyError, notifySuccess } from "../../ui/notify";
import { useSandboxCardToken } from "../checkout/useSandboxCardToken";
import { cardLabel } from "./format";

/** The gateway's card frame shows after this delay (commerce-and-accounts §9 'Card provider iframe delayed 1500 ms'). */
const FRAME_DELAY_MS = 1500;

/**
 * The 'Tarjeta Bancaria' dialog itself, loaded on its first opening (CardModal.tsx) (commerce-and-accounts §2, §4, §8): saved cards as a radio list with brand, last4 and
 * expiry; delete with a 5-second undo (never the selected or the only card); 'Cargar otra tarjeta' shows the gateway's
 * card frame (500 px; also when there is no card); 'Guardar cambios' makes the selected card the one charged.
 * A card set-up the bank wants to confirm (3-D Secure) sends the browser to the bank's page.
 */
export function CardDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  const revalidator = useRevalidator();
  const [cards, setCards] = useState<SavedCardView[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const deletions = usePending(cardUndoMs);
  const shown = useOpenedAfterMount(opened);

  const reload = async () => {
    const list = (await api(subscriptionsApi.cards)).results;
    setCards(list);
    setSelected((current) =>
      current && list.some((card) => card.id === current) ? current : (list.find((card) => card.default)?.id ?? null),
    );
    return list;
  };

  useEffect(() => {
    if (!opened) return;
    setAdding(false);
    setSelected(null);
    reload().catch((error) => {
      setCards([]);
      notifyError(t("error_title"), error, t("generic_error"));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- opening the modal loads the cards once
  }, [opened]);

  const remaining = (cards ?? []).filter((card) => !deletions.isPending(card.id));
  const showFrame = cards !== null && (adding || cards.length === 0);

  const onToken = async (token: string) => {
    setBusy(true);
    try {
      const result = await api(subscriptionsApi.addCard, { body: { token }, headers: { "idempotency-key": crypto.randomUUID() } });
      if (result.url_3ds) {
        window.location.assign(result.url_3ds);
        return;
      }
      notifySuccess(t("success_title"), t("card_saved"));
      setAdding(false);
      await reload();
      setSelected(result.card.id);
      revalidator.revalidate();
    } catch (error) {
      notifyError(t("error_title"), error, t("generic_error"));
      setAdding(true);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (card: SavedCardView) => {
    try {
      await api(subscriptionsApi.deleteCard, { params: { id: card.id } });
    } catch {
      notifyError(t("error_title"), null, t("card_delete_failed"));
      return;
    }
    deletions.schedule(card.id, () => {
      setCards((current) => current?.filter((row) => row.id !== card.id) ?? null);
      revalidator.revalidate();
    });
  };

  const undo = async (card: SavedCardView) => {
    deletions.undo(card.id);
    try {
      await api(subscriptionsApi.restoreCard, { params: { id: card.id } });
    } catch (error) {
      notifyError(t("error_title"), error, t("card_delete_failed"));
      await reload();
    }
  };

  const save = async () => {
    if (!selected) {
      notifyError(t("error_title"), null, t("card_select_required"));
      return;
    }
    setBusy(true);
    try {
      await api(subscriptionsApi.selectCard, { body: { card_id: selected } });
      notifySuccess(t("success_title"), t("card_updated"));
      revalidator.revalidate();
      onClose();
    } catch (error) {
      notifyError(t("error_title"), error, t("generic_error"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={shown} onClose={onClose} title={t("card_modal_title")} size="lg" centered>
      <Stack gap="md">
        {cards === null ? (
          <Stack gap="xs" aria-busy="true">
            <Skeleton height={44} />
            <Skeleton height={44} />
          </Stack>
        ) : (
          cards.length > 0 && (
            <Radio.Group label={t("card_modal_list_label")} value={selected} onChange={setSelected}>
              <Stack gap="xs" mt="xs">
                {cards.map((card) =>
                  deletions.isPending(card.id) ? (
                    <Group
                      key={card.id}
                      justify="space-between"
                      wrap="nowrap"
                      p="xs"
                      bg="var(--mantine-color-gray-light)"
                      style={{ borderRadius: 8 }}
                    >
                      <Text size="sm" role="status">
                        {t("card_modal_deleting", { last4: card.last4 })}
                      </Text>
                      <Button size="xs" variant="light" onClick={() => undo(card)}>
                        {t("card_modal_undo")}
                      </Button>
                    </Group>
                  ) : (
                    <Group
                      key={card.id}
                      justify="space-between"
                      wrap="nowrap"
                      p="xs"
                      style={{ border: "1px solid var(--mantine-color-default-border)", borderRadius: 8 }}
                    >
                      <Radio
                        value={card.id}
                        label={cardLabel(card.brand, card.last4)}
                        description={t("card_modal_expiry", {
                          month: String(card.exp_month).padStart(2, "0"),
                          year: String(card.exp_year).slice(-2),
                        })}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t("card_modal_delete", { brand: card.brand.toUpperCase(), last4: card.last4 })}
                        disabled={!canDeleteCard(card, selected, remaining.length)}
                        onClick={() => remove(card)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Group>
                  ),
                )}
              </Stack>
            </Radio.Group>
          )
        )}
        {showFrame && <CardFrame onToken={onToken} />}
        {showFrame && (
          <Alert color="blue" variant="light">
            {t("card_modal_validation_note")}
          </Alert>
        )}
        <Group justify="space-between" wrap="wrap" gap="xs">
          {cards !== null && cards.length > 0 && !adding ? (
            <Button variant="light" onClick={() => setAdding(true)}>
              {t("card_modal_add")}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs" justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("card_modal_close")}
            </Button>
            <Button onClick={save} loading={busy} disabled={cards === null || cards.length === 0}>
              {t("card_modal_save")}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The gateway's own card form in a frame (500 px); it answers with a token by postMessage, never the card number. */
function CardFrame({ onToken }: { onToken: (token: string) => void }) {
  const t = useT();
  const [shown, setShown] = useState(false);
  useSandboxCardToken((card) => onToken(card.token));
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), FRAME_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Box>
      {shown ? (
        <iframe
          src="/sandbox-pay/card"
          title={t("card_modal_frame_title")}
          style={{ width: "100%", height: 500, border: "1px solid var(--mantine-color-gray-3)", borderRadius: 8 }}
        />
      ) : (
        <Skeleton height={500} radius="md" aria-label={t("card_modal_frame_title")} />
      )}
    </Box>
  );
}
