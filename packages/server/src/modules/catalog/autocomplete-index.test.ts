import { describe, expect, it } from "vitest";
import { AutocompleteIndexBuilder, type IndexedItem, parseTsvector } from "./autocomplete-index";

/** Items with their documents as PostgreSQL prints them (`products.search::text`). */
async function indexOf(documents: [name: string, search: string, queuePosition?: number, id?: string][]) {
  const builder = new AutocompleteIndexBuilder();
  for (const [index, [name, search, queuePosition, id]] of documents.entries()) {
    const item: IndexedItem = {
      id: id ?? `00000000-0000-0000-0000-${String(index).padStart(12, "0")}`,
      name,
      owner: "shop",
      ownerSlug: "casa",
      currency: "MXN",
      photo: null,
      queuePosition: queuePosition ?? 0,
    };
    builder.add(item, search);
  }
  const index = await builder.finish();
  return (lexemes: string, limit = 8) =>
    index
      .search(
        lexemes.split(" ").map((word) => ({ lexeme: word.replace(/\*$/, ""), prefix: word.endsWith("*") })),
        limit,
      )
      .map((item) => item.name);
}

describe("autocomplete index", () => {
  it("reads tsvector text: weights, several positions, quotes, backslashes and lexemes without positions", () => {
    expect(parseTsvector(`'it''s':1A,12 'a\\\\b':3B 'sola' 'z':4C`)).toEqual([
      { lexeme: "it's", positions: [(1 << 2) | 3, 12 << 2] },
      { lexeme: "a\\b", positions: [(3 << 2) | 2] },
      { lexeme: "sola", positions: [16383 << 2] },
      { lexeme: "z", positions: [(4 << 2) | 1] },
    ]);
  });

  it("matches a prefix over every lexeme it begins, and a whole word only as itself", async () => {
    const search = await indexOf([
      ["Jarrón de Talavera", "'jarron':1A 'talaver':3A"],
      ["Jarra de vidrio", "'jarr':1A 'vidri':3A"],
      ["Taza", "'taz':1A"],
    ]);
    expect(search("jarr*")).toEqual(["Jarrón de Talavera", "Jarra de vidrio"]);
    expect(search("jarr")).toEqual(["Jarra de vidrio"]);
    expect(search("z*")).toEqual([]);
  });

  it("intersects every operand, the smallest first, with a prefix among them", async () => {
    const documents: [string, string, number][] = Array.from({ length: 300 }, (_, n) => [`Taza ${n}`, `'${n}':2A 'taz':1A`, n]);
    documents.push(["Plato 12", "'12':2A 'plat':1A", 0]);
    const search = await indexOf(documents);
    expect(search("taz 12*")).toEqual(["Taza 12", "Taza 120", "Taza 121", "Taza 122", "Taza 123", "Taza 124", "Taza 125", "Taza 126"]);
    expect(search("plat 12*")).toEqual(["Plato 12"]);
    expect(search("plat 13*")).toEqual([]);
  });

  it("ranks by ts_rank (name above description, more occurrences higher), then queue position, then id", async () => {
    const search = await indexOf([
      ["Plato con barro en la descripción", "'barr':5B 'plat':1A", 0],
      ["Taza de barro, segunda", "'barr':3A 'taz':1A", 2, "00000000-0000-0000-0000-00000000000b"],
      ["Taza de barro, primera por id", "'barr':3A 'taz':1A", 2, "00000000-0000-0000-0000-00000000000a"],
      ["Taza de barro, antes en la cola", "'barr':3A 'taz':1A", 1],
      ["Barro y más barro", "'barr':1A,3A", 9],
    ]);
    expect(search("barr*")).toEqual([
      "Barro y más barro",
      "Taza de barro, antes en la cola",
      "Taza de barro, primera por id",
      "Taza de barro, segunda",
      "Plato con barro en la descripción",
    ]);
    expect(search("barr*", 2)).toEqual(["Barro y más barro", "Taza de barro, antes en la cola"]);
  });

  it("ranks two words by how close they stand (ts_rank's cover of both), then queue position", async () => {
    const search = await indexOf([
      ["Barro fino y negro", "'barr':1A 'fin':2A 'negr':4A", 0],
      ["Barro negro", "'barr':1A 'negr':2A", 5],
      ["Negro en la descripción, barro en el nombre", "'barr':1A 'negr':8B", 0],
    ]);
    expect(search("barr negr*")).toEqual(["Barro negro", "Barro fino y negro", "Negro en la descripción, barro en el nombre"]);
  });
});
