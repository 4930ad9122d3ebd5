import { describe, expect, it } from "vitest";
import {
  type ContactCard,
  applyInteraction,
  matchContact,
  mayOpenContact,
  messageAlertSubtype,
  normalizeEmail,
  normalizePhone,
  normalizeTags,
} from "./contacts";

const may = new Date("2026-05-01T10:00:00Z");
const june = new Date("2026-06-01T10:00:00Z");
const april = new Date("2026-04-01T10:00:00Z");
const ana = { name: "Ana López", email: "Ana@Example.com ", phone: "55 1234 5678", personId: null };

describe("who a person is (issue 29 §3: one contact per person)", () => {
  it("compares e-mails without case or spaces and phones by their digits", () => {
    expect(normalizeEmail("  Ana@Example.COM ")).toBe("ana@example.com");
    expect(normalizeEmail("   ")).toBeNull();
    expect(normalizePhone("+52 (55) 1234-5678")).toBe("525512345678");
    expect(normalizePhone("12-34")).toBeNull();
  });

  it("recognises the person by account first, then e-mail, then phone", () => {
    const byAccount = { id: "a", personId: "u1", email: "otra@example.com", phone: null };
    const byEmail = { id: "b", personId: null, email: "ana@example.com", phone: null };
    const byPhone = { id: "c", personId: null, email: null, phone: "5512345678" };
    const all = [byPhone, byEmail, byAccount];
    expect(matchContact(all, { personId: "u1", email: "ana@example.com", phone: null })?.id).toBe("a");
    expect(matchContact(all, { personId: "u9", email: "ANA@example.com", phone: null })?.id).toBe("b");
    expect(matchContact(all, { personId: null, email: null, phone: "55-1234-5678" })?.id).toBe("c");
    expect(matchContact(all, { personId: null, email: "nadie@example.com", phone: "1111111" })).toBeNull();
  });
});

describe("a contact's card after each interaction", () => {
  it("a first message makes the card: first and last interaction are the message's time", () => {
    const card = applyInteraction(null, ana, { kind: "message", at: may });
    expect(card).toMatchObject({
      name: "Ana López",
      email: "ana@example.com",
      phone: "55 1234 5678",
      firstInteractionAt: may,
      lastInteractionAt: may,
      messages: 1,
      totalBought: 0,
      currency: null,
    });
  });

  it("purchases add up in the first currency; an earlier event widens the first interaction", () => {
    let card: ContactCard = applyInteraction(null, ana, { kind: "message", at: may });
    const purchase = { kind: "purchase" as const, amount: 45000, currency: "MXN", byCampaign: false, campaignId: null };
    card = applyInteraction(card, ana, { ...purchase, at: june });
    card = applyInteraction(card, ana, { ...purchase, at: april, amount: 5000 });
    card = applyInteraction(card, ana, { ...purchase, at: june, amount: 99, currency: "USD" });
    expect(card.totalBought).toBe(50000);
    expect(card.currency).toBe("MXN");
    expect(card.purchases).toBe(3);
    expect(card.firstInteractionAt).toEqual(april);
    expect(card.lastInteractionAt).toEqual(june);
  });

  it("the newest non-empty details win; an empty name keeps the old one", () => {
    const card = applyInteraction(null, ana, { kind: "message", at: may });
    const next = applyInteraction(
      card,
      { name: " ", email: "ana.nueva@example.com", phone: null, personId: "u1" },
      { kind: "message", at: june },
    );
    expect(next).toMatchObject({ name: "Ana López", email: "ana.nueva@example.com", phone: "55 1234 5678", personId: "u1", messages: 2 });
  });

  it("a referral sign-up and a purchase by campaign set the referred list's flags; the first campaign stays", () => {
    let card = applyInteraction(null, ana, { kind: "signup", at: may, campaignId: "camp-1" });
    expect(card).toMatchObject({ registeredByCampaign: true, customerByCampaign: false, campaignId: "camp-1" });
    card = applyInteraction(card, ana, {
      kind: "purchase",
      at: june,
      amount: 100,
      currency: "MXN",
      byCampaign: true,
      campaignId: "camp-2",
    });
    expect(card).toMatchObject({ registeredByCampaign: true, customerByCampaign: true, campaignId: "camp-1" });
  });
});

describe("alerts and privacy", () => {
  it("a message that made the contact is 'new_contact', a later one 'new_message' (spec alert table, CRM)", () => {
    expect(messageAlertSubtype(true)).toBe("new_contact");
    expect(messageAlertSubtype(false)).toBe("new_message");
  });

  it("a shop's contact opens for its owner and admins only; a promoter's for the promoter only; nobody anonymous", () => {
    expect(mayOpenContact({ kind: "shop", viewerIsShopAdmin: true }, "u1")).toBe(true);
    expect(mayOpenContact({ kind: "shop", viewerIsShopAdmin: false }, "u1")).toBe(false);
    expect(mayOpenContact({ kind: "user", ownerId: "u1" }, "u1")).toBe(true);
    expect(mayOpenContact({ kind: "user", ownerId: "u1" }, "u2")).toBe(false);
    expect(mayOpenContact({ kind: "shop", viewerIsShopAdmin: true }, null)).toBe(false);
  });

  it("tags are trimmed, spaces collapsed, duplicates dropped whatever their case", () => {
    expect(normalizeTags([" VIP ", "vip", "mayoreo  cdmx", "", "Mayoreo CDMX"])).toEqual(["VIP", "mayoreo cdmx"]);
  });
});
