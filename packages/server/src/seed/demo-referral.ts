import type { AppContext } from "../context";
import { users } from "../db/schema/accounts";
import { transactionWithEvents } from "../events/bus";
import { ensureReferralCode, recordReferredUser } from "../modules/referral/service";

/**
 * Mateo's promoter network for the demo: people who signed up with his referral code (and one of theirs), so
 * /tienda/mateo/promoted has a tree to browse. They cannot sign in (no password); they only illustrate the list.
 */
const promoted = [
  { username: "valeria@demo.tianguis.mx", fullName: "Valeria Gómez", by: "mateo" },
  { username: "diego@demo.tianguis.mx", fullName: "Diego Ramírez", by: "mateo" },
  { username: "renata@demo.tianguis.mx", fullName: "Renata Flores", by: "mateo" },
  { username: "emilio@demo.tianguis.mx", fullName: "Emilio Castro", by: "valeria@demo.tianguis.mx" },
  { username: "ximena@demo.tianguis.mx", fullName: "Ximena Luna", by: "valeria@demo.tianguis.mx" },
] as const;

export async function seedDemoReferral(ctx: AppContext, mateoId: string) {
  const codes = new Map<string, string>([["mateo", await ensureReferralCode(ctx.db, mateoId)]]);
  for (const person of promoted) {
    const [row] = await ctx.db
      .insert(users)
      .values({ username: person.username, email: person.username, fullName: person.fullName, userLevel: 1 })
      .returning({ id: users.id });
    // Through the events, as a sign-up does: Mateo's referred list (his contacts) gets them too.
    await transactionWithEvents(ctx, (tx) => recordReferredUser(tx, row.id, codes.get(person.by), ctx.clock.now()));
    codes.set(person.username, await ensureReferralCode(ctx.db, row.id));
  }
}
