import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// Mantine's store with its auto-close timers, run by fake timers: a toast leaves after its own autoClose.
const shown = new Map<string, { color: string; message: string }>();
let next = 0;
vi.mock("@mantine/notifications", () => ({
  notifications: {
    show: (toast: { color: string; message: string; autoClose: number }) => {
      const id = String((next += 1));
      shown.set(id, toast);
      setTimeout(() => shown.delete(id), toast.autoClose);
    },
  },
}));

const { notifyError, notifyRejectedImage, notifySuccess, notifyWarning } = await import("./notify");

describe("toast durations (commerce-and-accounts §9: 5 s; 7 s for errors such as the checkout's; storefront-and-admin §9: 5 to 7 s)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    shown.clear();
  });

  it("keeps a success toast 5 s", () => {
    notifySuccess("Exito", "Perfil actualizado");
    vi.advanceTimersByTime(4999);
    expect(shown.size).toBe(1);
    vi.advanceTimersByTime(1);
    expect(shown.size).toBe(0);
  });

  it("keeps the 'Imagen rechazada' toast 15 s", () => {
    notifyRejectedImage("Imagen rechazada", "Los formatos válidos son .jpeg, .png, .svg");
    vi.advanceTimersByTime(14_999);
    expect(shown.size).toBe(1);
    vi.advanceTimersByTime(1);
    expect(shown.size).toBe(0);
  });

  it("keeps an error toast, the checkout's refusal among them, 7 s", () => {
    notifyError("Error", null, "No hay existencias suficientes");
    vi.advanceTimersByTime(6999);
    expect([...shown.values()].map((toast) => toast.message)).toEqual(["No hay existencias suficientes"]);
    vi.advanceTimersByTime(1);
    expect(shown.size).toBe(0);
  });

  it("keeps the position notice about 2.5 s", () => {
    notifyWarning("", "Actualizando posición");
    vi.advanceTimersByTime(2499);
    expect(shown.size).toBe(1);
    vi.advanceTimersByTime(1);
    expect(shown.size).toBe(0);
  });
});
