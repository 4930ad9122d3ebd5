import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// Mantine's store, with its own auto-close timers taken over by fake timers: a shown toast closes itself after its autoClose.
const shown = new Map<string, { autoClose: number; timer: ReturnType<typeof setTimeout> }>();
vi.mock("@mantine/notifications", () => ({
  notifications: {
    show: (toast: { id: string; autoClose: number }) => {
      shown.set(toast.id, { autoClose: toast.autoClose, timer: setTimeout(() => shown.delete(toast.id), toast.autoClose) });
    },
    hide: (id: string) => {
      clearTimeout(shown.get(id)?.timer);
      shown.delete(id);
    },
  },
}));

const { hideRemovalWarning, removalWarningMs, showRemovalWarning } = await import("./removal-warning");

describe("the removal warning toast (commerce-and-accounts §9: 4 s for the removal warning)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    shown.clear();
  });

  it("shows for 4 s, inside the 5 s undo window", () => {
    expect(removalWarningMs).toBe(4000);
    showRemovalWarning({ id: "catalogue:1", message: "El producto se quitará del catálogo", cancelLabel: "Cancelar", onCancel: () => {} });
    expect(shown.get("catalogue:1")?.autoClose).toBe(4000);
    vi.advanceTimersByTime(3999);
    expect(shown.has("catalogue:1")).toBe(true);
    vi.advanceTimersByTime(1);
    expect(shown.has("catalogue:1")).toBe(false);
  });

  it("closes at once when the removal is undone from the page", () => {
    showRemovalWarning({ id: "store:2", message: "El producto se quitará de tu tienda", cancelLabel: "Cancelar", onCancel: () => {} });
    vi.advanceTimersByTime(1000);
    hideRemovalWarning("store:2");
    expect(shown.has("store:2")).toBe(false);
  });
});
