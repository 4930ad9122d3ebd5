import { describe, expect, it } from "vitest";
import {
  TICKET_CODE_LENGTH,
  canIssueTickets,
  decideCheckIn,
  formatTicketCode,
  normalizeTicketCode,
  ticketCodeFromBytes,
  ticketUnits,
} from "./ticket";

describe("ticket codes", () => {
  it("turns 10 random bytes into 16 letters of the Crockford alphabet", () => {
    expect(ticketCodeFromBytes(new Uint8Array(10))).toBe("0000000000000000");
    expect(ticketCodeFromBytes(new Uint8Array(10).fill(255))).toBe("ZZZZZZZZZZZZZZZZ");
    const code = ticketCodeFromBytes(Uint8Array.from([0x08, 0x86, 0x42, 0x98, 0xe8, 0x4a, 0x52, 0x96, 0x31, 0x8c]));
    expect(code).toHaveLength(TICKET_CODE_LENGTH);
    expect(code.slice(0, 4)).toBe("1234");
  });

  it("refuses fewer than 10 bytes", () => {
    expect(() => ticketCodeFromBytes(new Uint8Array(9))).toThrow();
  });

  it("prints a code in four groups of four", () => {
    expect(formatTicketCode("7K2M9QXDAB34CD56")).toBe("7K2M-9QXD-AB34-CD56");
  });

  it.each([
    ["7k2m-9qxd-ab34-cd56", "7K2M9QXDAB34CD56"],
    [" 7K2M 9QXD AB34 CD56 ", "7K2M9QXDAB34CD56"],
    ["OIL0-0000-0000-0000", "0110000000000000"],
  ])("reads what the door typed (%s)", (input, code) => {
    expect(normalizeTicketCode(input)).toBe(code);
  });

  it.each(["", "7K2M-9QXD", "7K2M-9QXD-AB34-CD56-7", "7K2M-9QXD-AB34-CDU6", "https://example.com/x"])("refuses %s", (input) => {
    expect(normalizeTicketCode(input)).toBeNull();
  });
});

describe("check-in", () => {
  it("lets a valid ticket in", () => {
    expect(decideCheckIn({ state: "valid", usedAt: null })).toEqual({ ok: true });
  });

  it("refuses a used ticket with the time it was used", () => {
    const usedAt = new Date("2026-05-01T20:15:00Z");
    expect(decideCheckIn({ state: "used", usedAt })).toEqual({ ok: false, code: "ticket_already_used", usedAt });
  });

  it("refuses a cancelled ticket with its own reason", () => {
    expect(decideCheckIn({ state: "cancelled", usedAt: null })).toEqual({ ok: false, code: "ticket_cancelled" });
  });
});

describe("issuing tickets (cannot create tickets after an experience has ended)", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  it.each([
    ["a future experience", { type: "experience", experienceDate: new Date("2026-06-02T00:00:00Z") }, true],
    ["an experience happening now", { type: "experience", experienceDate: now }, true],
    ["an ended experience", { type: "experience", experienceDate: new Date("2026-05-31T23:59:00Z") }, false],
    ["an experience without a date", { type: "experience", experienceDate: null }, true],
    ["a product", { type: "product", experienceDate: null }, false],
  ])("%s", (_, experience, allowed) => {
    expect(canIssueTickets(experience, now)).toBe(allowed);
  });
});

describe("paid units", () => {
  it("gives one ticket per unit of each experience line and none for other items", () => {
    const units = ticketUnits([
      { id: "a", type: "experience", quantity: 2 },
      { id: "b", type: "product", quantity: 3 },
      { id: "c", type: "experience", quantity: 1 },
    ]);
    expect(units.map(({ line, unit }) => `${line.id}${unit}`)).toEqual(["a1", "a2", "c1"]);
  });
});
