import { Button, Group, type MantineColor } from "@mantine/core";

interface DialogActionsProps {
  cancelLabel: string;
  onCancel: () => void;
  confirmLabel: string;
  /** Without it the confirm button submits the surrounding form. */
  onConfirm?: () => void;
  busy?: boolean;
  disabled?: boolean;
  color?: MantineColor;
  mt?: string;
}

/** The footer of a form or dialog: a quiet cancel and the confirming action on the right. */
export function DialogActions({ cancelLabel, onCancel, confirmLabel, onConfirm, busy, disabled, color, mt }: DialogActionsProps) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type={onConfirm ? "button" : "submit"} onClick={onConfirm} loading={busy} disabled={disabled} color={color}>
        {confirmLabel}
      </Button>
    </Group>
  );
}
