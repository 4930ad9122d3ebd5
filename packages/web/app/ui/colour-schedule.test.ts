import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { colourSchedule } from "./colour-schedule";

describe("colour picker: preview throttled at 50 ms, save debounced at 100 ms (commerce-and-accounts §9)", () => {
  let previews: string[];
  let saves: string[];
  let schedule: ReturnType<typeof colourSchedule<string>>;
  beforeEach(() => {
    vi.useFakeTimers();
    previews = [];
    saves = [];
    schedule = colourSchedule<string>(
      (value) => previews.push(value),
      (value) => saves.push(value),
    );
  });
  afterEach(() => vi.useRealTimers());

  it("previews the first move at once and nothing more until 50 ms have passed, then the latest", () => {
    schedule.change("#100000");
    expect(previews).toEqual(["#100000"]);
    vi.advanceTimersByTime(10);
    schedule.change("#200000");
    vi.advanceTimersByTime(10);
    schedule.change("#300000");
    vi.advanceTimersByTime(29);
    expect(previews).toEqual(["#100000"]);
    vi.advanceTimersByTime(1);
    expect(previews).toEqual(["#100000", "#300000"]);
  });

  it("previews about every 50 ms during a steady drag, never more often", () => {
    for (let step = 0; step < 50; step++) {
      schedule.change(`#0000${String(step).padStart(2, "0")}`);
      vi.advanceTimersByTime(5);
    }
    // Moves every 5 ms from 0 to 245 ms: previews at 0, 50, 100, 150, 200 and 250 ms, the last with the last move.
    expect(previews.length).toBe(6);
    expect(previews.at(-1)).toBe("#000049");
    vi.advanceTimersByTime(1000);
    expect(previews.length).toBe(6);
  });

  it("saves once, 100 ms after the last move, with the last colour", () => {
    schedule.change("#100000");
    vi.advanceTimersByTime(60);
    schedule.change("#200000");
    vi.advanceTimersByTime(99);
    expect(saves).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(saves).toEqual(["#200000"]);
    vi.advanceTimersByTime(1000);
    expect(saves).toEqual(["#200000"]);
  });

  it("drops a pending preview and save when cancelled", () => {
    schedule.change("#100000");
    schedule.change("#200000");
    schedule.cancel();
    vi.advanceTimersByTime(1000);
    expect(previews).toEqual(["#100000"]);
    expect(saves).toEqual([]);
  });
});
