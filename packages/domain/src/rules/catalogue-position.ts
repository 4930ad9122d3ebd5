import type { SectionKey } from "../schemas/shop";

/** The position dropdown: one zero-based option per item of the list (matches_estimated). */
export function positionOptions(matchesEstimated: number): number[] {
  return Array.from({ length: Math.max(0, Math.floor(matchesEstimated)) }, (_, index) => index);
}

/** Moves the item at `from` to `to` (drag-to-reorder), returning a new list; out-of-range moves change nothing. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** Clamps a requested position into a list of `count` items; null when the list is empty or the value is no integer. */
export function clampPosition(position: number, count: number): number | null {
  if (!Number.isInteger(position) || count <= 0) return null;
  return Math.min(Math.max(position, 0), count - 1);
}

/** Short links carry the catalogue name cut to 100 characters (spec §5). */
export const shortLinkNameMax = 100;
export function shortLinkName(name: string): string {
  return Array.from(name.trim()).slice(0, shortLinkNameMax).join("");
}

/** Creating a catalogue adds the catalogues section when missing; removing the last one takes it away. */
export function sectionsAfterCatalogues(sections: readonly SectionKey[], remaining: number): SectionKey[] {
  const has = sections.includes("catalogues");
  if (remaining > 0 && !has) return [...sections, "catalogues"];
  if (remaining === 0 && has) return sections.filter((section) => section !== "catalogues");
  return [...sections];
}

/** A URL slug for a catalogue name: lower case ASCII letters, digits and hyphens. */
export function catalogueSlug(name: string): string {
  const slug = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return slug || "catalogo";
}
