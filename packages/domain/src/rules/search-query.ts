/**
 * The spec's search query parser (storefront-and-admin §5 'Search query parsing'): free terms joined with
 * AND and OR, the field `fecha:from..to` becomes start_date and end_date (YYYY-MM-DD), and every other
 * `field:value` is collected with repeated values comma-joined.
 */
export type Joiner = "AND" | "OR";

export interface SearchTerm {
  /** The term as typed, without a trailing wildcard. */
  text: string;
  /** Typed as `term*`: matches words starting with the term. */
  prefix: boolean;
  /** How this term joins the previous one (the first term's joiner is AND). */
  joiner: Joiner;
}

export interface ParsedQuery {
  terms: SearchTerm[];
  /** The free text with explicit joiners: 'rebozo AND seda OR lana'. */
  text: string;
  start_date?: string;
  end_date?: string;
  fields: Record<string, string>;
}

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

function isValidDate(value: string): boolean {
  if (!datePattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Splits on spaces but keeps "quoted phrases" together. */
function tokenize(input: string): string[] {
  const tokens: string[] = [];
  const pattern = /([^\s"]+:"[^"]*"|"[^"]*"|\S+)/g;
  for (const match of input.matchAll(pattern)) tokens.push(match[0].replace(/"/g, ""));
  return tokens;
}

export function parseSearchQuery(input: string): ParsedQuery {
  const terms: SearchTerm[] = [];
  const fields: Record<string, string[]> = {};
  const result: ParsedQuery = { terms, text: "", fields: {} };
  let joiner: Joiner = "AND";
  for (const token of tokenize(input.trim())) {
    const upper = token.toUpperCase();
    if (upper === "AND" || upper === "OR") {
      if (terms.length > 0) joiner = upper;
      continue;
    }
    const field = /^([A-Za-z_][\w-]*):(.+)$/.exec(token);
    if (field) {
      const [, rawName, value] = field;
      const name = rawName.toLowerCase();
      if (name === "fecha") {
        const [from, to] = value.split("..");
        if (from && isValidDate(from)) result.start_date = from;
        if (to && isValidDate(to)) result.end_date = to;
        continue;
      }
      (fields[name] ??= []).push(value);
      continue;
    }
    const prefix = token.endsWith("*");
    const text = token.replace(/\*+$/, "");
    if (!text) continue;
    terms.push({ text, prefix, joiner: terms.length === 0 ? "AND" : joiner });
    joiner = "AND";
  }
  result.fields = Object.fromEntries(Object.entries(fields).map(([name, values]) => [name, values.join(",")]));
  result.text = terms.map((term, index) => `${index === 0 ? "" : `${term.joiner} `}${term.text}${term.prefix ? "*" : ""}`).join(" ");
  return result;
}

/** A term reduced to what a text-search lexeme may hold: letters and digits of any script. */
export function lexemeOf(text: string): string {
  return text.normalize("NFC").replace(/[^\p{L}\p{N}]+/gu, "");
}

/**
 * The PostgreSQL tsquery text of parsed terms: AND as &, OR as |, a prefix term as `term:*`. Terms that
 * are only punctuation are dropped, so the result never has tsquery syntax errors. Empty when nothing is left.
 */
export function toTsQuery(terms: SearchTerm[], options: { prefixLast?: boolean } = {}): string {
  const parts: string[] = [];
  terms.forEach((term, index) => {
    const lexeme = lexemeOf(term.text);
    if (!lexeme) return;
    const prefix = term.prefix || (options.prefixLast === true && index === terms.length - 1);
    const piece = `${lexeme}${prefix ? ":*" : ""}`;
    parts.push(parts.length === 0 ? piece : `${term.joiner === "OR" ? "|" : "&"} ${piece}`);
  });
  return parts.join(" ");
}
