import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";

/** The removal warning toast closes after 4 s (commerce-and-accounts §9), before the 5 s undo window ends. */
export const removalWarningMs = 4000;

/**
 * The warning notice of a removal with an undo window (commerce-and-accounts §4 'warning notice with cancel button'):
 * a toast with the message and a cancel button that calls `onCancel`. `id` lets the inline undo close it too.
 */
export function showRemovalWarning(warning: { id: string; message: string; cancelLabel: string; onCancel: () => void }) {
  notifications.show({
    id: warning.id,
    color: "yellow",
    autoClose: removalWarningMs,
    message: (
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm">{warning.message}</Text>
        <Button
          size="compact-sm"
          variant="outline"
          onClick={() => {
            warning.onCancel();
            notifications.hide(warning.id);
          }}
        >
          {warning.cancelLabel}
        </Button>
      </Group>
    ),
  });
}

export function hideRemovalWarning(id: string) {
  notifications.hide(id);
}
