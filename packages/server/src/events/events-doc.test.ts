import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eventTypes } from "@tianguis/domain/events";
import { describe, expect, it } from "vitest";
import { allSubscribers } from "../subscribers";

const here = path.dirname(fileURLToPath(import.meta.url));
const modulesDir = path.join(here, "../modules");
const doc = fs.readFileSync(path.join(here, "../../../../docs/ARCHITECTURE.md"), "utf8");

/** The events table of docs/ARCHITECTURE.md: event → recorded by, subscribers, note. */
function documented() {
  const rows = new Map<string, { emitters: string[]; subscribers: string[]; note: string }>();
  for (const line of doc.split("\n").filter((one) => one.startsWith("| `"))) {
    const [type, emitters, subscribers, note] = line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim());
    const list = (cell: string) =>
      cell
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)
        .sort();
    rows.set(type.replaceAll("`", ""), { emitters: list(emitters), subscribers: list(subscribers), note });
  }
  return rows;
}

/** The modules whose source records each event type (`type: "…"` beside a recordEvent call). */
function emitters(): Map<string, string[]> {
  const found = new Map<string, Set<string>>();
  for (const module of fs.readdirSync(modulesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    for (const file of fs
      .readdirSync(path.join(modulesDir, module.name))
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))) {
      const source = fs.readFileSync(path.join(modulesDir, module.name, file), "utf8");
      if (!source.includes("recordEvent(")) continue;
      for (const match of source.matchAll(/type: "([a-z_]+\.[a-z_]+)"/g)) {
        if (!(eventTypes as string[]).includes(match[1])) continue;
        if (!found.has(match[1])) found.set(match[1], new Set());
        found.get(match[1])?.add(module.name);
      }
    }
  }
  return new Map([...found].map(([type, modules]) => [type, [...modules].sort()]));
}

describe("docs/ARCHITECTURE.md's events table is the code's", () => {
  const table = documented();
  const recorded = emitters();

  it("documents every event type, and no other", () => {
    expect([...table.keys()].sort()).toEqual([...eventTypes].sort());
  });

  it.each(eventTypes)("%s: its recorders and subscribers are the documented ones, or a note says why there are none", (type) => {
    const row = table.get(type);
    expect(row?.emitters).toEqual(recorded.get(type) ?? []);
    expect(row?.emitters.length).toBeGreaterThan(0);
    const subscribed = allSubscribers.filter((one) => one.event === type).map((one) => one.name);
    expect(row?.subscribers).toEqual(subscribed.sort());
    if (subscribed.length === 0) expect(row?.note).not.toBe("");
  });

  it("names each subscriber `<its module>.<what it does>`, once", () => {
    const names = allSubscribers.map((one) => one.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(fs.existsSync(path.join(modulesDir, name.split(".")[0], "subscribers.ts"))).toBe(true);
  });
});
