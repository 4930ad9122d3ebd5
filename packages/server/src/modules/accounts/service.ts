import { inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { users } from "../../db/schema/accounts";

/**
 * The accounts module's door for other modules' reads of people (issue 29's back office: the buyer's name on an
 * exported order, a contact's card, the author of a contact's answer). Only what they show: name, e-mail and phone.
 */
export interface PersonCard {
  name: string;
  email: string | null;
  phone: string | null;
}

export async function peopleByIds(db: DbOrTx, ids: (string | null)[]): Promise<Map<string, PersonCard>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.fullName, email: users.email, phone: users.phone })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map(({ id, ...card }) => [id, card]));
}

export async function personById(db: DbOrTx, id: string): Promise<PersonCard | null> {
  return (await peopleByIds(db, [id])).get(id) ?? null;
}
