import { ActionIcon, Checkbox, Group, Radio, SimpleGrid, Stack } from "@mantine/core";
import { formatMoney } from "@tianguis/domain/money";
import type { CheckoutView } from "@tianguis/domain/schemas/checkout";
import type { CheckoutCardView } from "@tianguis/domain/schemas/payment";
import { IconTrash } from "@tabler/icons-react";
import { useLocale, useT } from "../../lib/i18n";

/** The new card field's value in the saved-card choice: pay with a card typed now. */
export const NEW_CARD = "new";

/**
 * The signed-in customer's saved cards for this method (choose one, or another card; delete), shown before the card
 * field (issue #31). Only the cards the purchase's gateway charges reach here.
 */
export function SavedCardChoice({
  cards,
  value,
  onChange,
  onDelete,
}: {
  cards: CheckoutCardView[];
  value: string;
  onChange: (value: string) => void;
  onDelete: (card: CheckoutCardView) => void;
}) {
  const t = useT();
  return (
    <Radio.Group label={t("saved_cards_title")} value={value} onChange={onChange} data-testid="saved-cards">
      <Stack gap={6} mt={6}>
        {cards.map((card) => {
          const label = t("saved_card_label", {
            brand: card.brand.toUpperCase(),
            last4: card.last4,
            month: String(card.exp_month).padStart(2, "0"),
            year: String(card.exp_year).slice(-2),
          });
          return (
            <Group key={card.id} justify="space-between" wrap="nowrap">
              <Radio value={card.id} label={label} />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t("delete_saved_card", { brand: card.brand.toUpperCase(), last4: card.last4 })}
                onClick={() => onDelete(card)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          );
        })}
        <Radio value={NEW_CARD} label={t("use_new_card")} />
      </Stack>
    </Radio.Group>
  );
}

/** 'Guardar tarjeta' under a new card's field. */
export function SaveCardCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const t = useT();
  return (
    <Checkbox
      label={t("save_card")}
      description={t("save_card_hint")}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

/** One payment or the interest-free plans the gateway offers for this total, each with its price per month ('3 MSI de $X'). */
export function InstalmentChoice({
  checkout,
  value,
  onChange,
}: {
  checkout: CheckoutView;
  value: number | null;
  onChange: (months: number | null) => void;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <Radio.Group
      label={t("instalments_label")}
      value={value === null ? "1" : String(value)}
      onChange={(choice) => onChange(choice === "1" ? null : Number(choice))}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={8} mt={6}>
        <Radio value="1" label={t("one_payment")} />
        {checkout.instalments.map((plan) => (
          <Radio
            key={plan.months}
            value={String(plan.months)}
            label={t("msi_plan", {
              months: plan.months,
              amount: formatMoney({ amount: plan.monthly, currency: checkout.currency }, locale),
            })}
          />
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
