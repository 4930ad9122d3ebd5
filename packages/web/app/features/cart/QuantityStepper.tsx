import { ActionIcon, Group, TextInput } from "@mantine/core";
import { IconMinus, IconPlus } from "@tabler/icons-react";
import { canDecrease, checkQuantity, isBlockedQuantityKey } from "@tianguis/domain/rules/cart-quantity";
import type { CartProductView } from "@tianguis/domain/schemas/cart";
import { useEffect, useState } from "react";
import { useT } from "../../lib/i18n";
import { notifyWarning } from "../../ui/notify";

/** Quantity input with − and + (spec §5 'Cart quantity'): integer ≥ 1, '.', 'e', '-' blocked, zero or empty ignored. */
export function QuantityStepper({
  line,
  disabled,
  onChange,
}: {
  line: CartProductView;
  disabled?: boolean;
  onChange: (quantity: number) => void;
}) {
  const t = useT();
  const [text, setText] = useState(String(line.quantity));
  useEffect(() => setText(String(line.quantity)), [line.quantity]);

  const submit = (value: string | number) => {
    const check = checkQuantity(value, {
      available: line.available,
      stock_type: line.stock_type,
      max_purchase_amount: line.max_purchase_amount,
    });
    if (check.ok) {
      if (check.quantity !== line.quantity) onChange(check.quantity);
      return;
    }
    setText(String(line.quantity));
    if (check.code !== "ignored") notifyWarning(t("purchase_order_warning"), t(check.code, { max: check.max }), 5000);
  };

  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        size="md"
        aria-label={`${t("quantity")} −1`}
        disabled={disabled || !canDecrease(line.quantity)}
        onClick={() => submit(line.quantity - 1)}
      >
        <IconMinus size={14} />
      </ActionIcon>
      <TextInput
        aria-label={`${t("quantity")}: ${line.name}`}
        inputMode="numeric"
        w={52}
        size="xs"
        styles={{ input: { textAlign: "center" } }}
        value={text}
        disabled={disabled}
        onKeyDown={(event) => {
          if (isBlockedQuantityKey(event.key)) event.preventDefault();
          if (event.key === "Enter") submit(text);
        }}
        onChange={(event) => setText(event.currentTarget.value.replace(/[^\d]/g, ""))}
        onBlur={() => submit(text)}
      />
      <ActionIcon
        variant="default"
        size="md"
        aria-label={`${t("quantity")} +1`}
        disabled={disabled}
        onClick={() => submit(line.quantity + 1)}
      >
        <IconPlus size={14} />
      </ActionIcon>
    </Group>
  );
}
