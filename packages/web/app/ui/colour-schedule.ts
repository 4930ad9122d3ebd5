import { colourPickerDebounceMs, colourPickerThrottleMs } from "@tianguis/domain/rules/shop-theme";

/**
 * The colour picker's two clocks (commerce-and-accounts §9): while the owner drags, the live preview follows at most
 * every 50 ms (the first move at once, the last one at the end of its window), and the colour is saved once, 100 ms
 * after the last move. `cancel` drops what is pending (the picker left the page).
 */
export function colourSchedule<T>(
  preview: (value: T) => void,
  commit: (value: T) => void,
  { throttleMs = colourPickerThrottleMs, debounceMs = colourPickerDebounceMs } = {},
) {
  let lastPreview = Number.NEGATIVE_INFINITY;
  let latest: T;
  let trailing: ReturnType<typeof setTimeout> | undefined;
  let saving: ReturnType<typeof setTimeout> | undefined;
  const showLatest = () => {
    trailing = undefined;
    lastPreview = Date.now();
    preview(latest);
  };
  return {
    change(value: T) {
      latest = value;
      const wait = lastPreview + throttleMs - Date.now();
      if (wait <= 0 && trailing === undefined) showLatest();
      else trailing ??= setTimeout(showLatest, Math.max(wait, 0));
      clearTimeout(saving);
      saving = setTimeout(() => commit(value), debounceMs);
    },
    cancel() {
      clearTimeout(trailing);
      clearTimeout(saving);
      trailing = undefined;
    },
  };
}
