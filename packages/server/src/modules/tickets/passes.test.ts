import { X509Certificate, createHash, createPublicKey, webcrypto } from "node:crypto";
import * as asn1js from "asn1js";
import { eq } from "drizzle-orm";
import { jwtVerify } from "jose";
import JSZip from "jszip";
import * as pkijs from "pkijs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { tickets } from "../../db/schema/tickets";
import { GOOGLE_SAVE_URL } from "../../adapters/wallet-passes/google";
import { walletKeys } from "../../adapters/wallet-passes/keys";
import { type TestApp, createProduct, createTestApp, payBySandboxCard } from "../../test/harness";
import { type ShopWithRoles, createShopWithRoles } from "../../test/shop-with-roles";

const DAY = 24 * 60 * 60 * 1000;
pkijs.setEngine("node", new pkijs.CryptoEngine({ name: "node", crypto: webcrypto as unknown as Crypto }));

/** Verifies a detached PKCS#7 signature of `content`; answers the certificates it carries. */
async function verifyPkcs7(signature: Buffer, content: Buffer) {
  const asn1 = asn1js.fromBER(new Uint8Array(signature));
  const info = new pkijs.ContentInfo({ schema: asn1.result });
  const signed = new pkijs.SignedData({ schema: info.content });
  const valid = await signed.verify({ signer: 0, data: new Uint8Array(content).buffer, checkChain: false });
  const pem = (cert: pkijs.Certificate) =>
    `-----BEGIN CERTIFICATE-----\n${Buffer.from(cert.toSchema().toBER()).toString("base64")}\n-----END CERTIFICATE-----\n`;
  const certificates = (signed.certificates ?? []).map((cert) => new X509Certificate(pem(cert as pkijs.Certificate)));
  return { valid, certificates };
}

describe("tickets in the phone's wallet (customers/{id}/add_to_wallet/{x})", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** A signed-in customer bought two tickets to next week's concert and paid by card. */
  async function boughtTickets(): Promise<{ cast: ShopWithRoles; ticketIds: string[]; codes: string[] }> {
    const cast = await createShopWithRoles(t, { shop: { name: "Foro Sol" }, customer: { fullName: "Ana López" } });
    const experience = await createProduct(t.ctx, cast.shop.id, {
      name: "Concierto de son jarocho",
      type: "experience",
      stockType: "ondemand",
      stock: null,
      listPrice: 35000,
      experienceDate: new Date(t.clock.now().getTime() + 7 * DAY),
    });
    const response = await t.app.inject({
      method: "POST",
      url: `/api/v1/shops/${cast.shop.slug}/checkout`,
      headers: cast.as.customer,
      payload: { items: [{ product_id: experience.id, quantity: 2 }], delivery_type: "to_branch" },
    });
    expect(response.statusCode).toBe(201);
    const purchase = response.json() as { id: string; access_token: string; orders: { id: string }[] };
    expect((await payBySandboxCard(t.app, purchase, cast.as.customer)).statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(tickets).where(eq(tickets.orderId, purchase.orders[0].id)).orderBy(tickets.unit);
    return { cast, ticketIds: rows.map((row) => row.id), codes: rows.map((row) => row.code) };
  }

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });
  const passUrl = (customerId: string, ticketId: string) => `/api/v1/customers/${customerId}/add_to_wallet/${ticketId}.pkpass`;
  const linksUrl = (customerId: string, ticketId: string) => `/api/v1/customers/${customerId}/add_to_wallet/${ticketId}`;

  it("gives the buyer an Apple Wallet pass whose manifest hashes every file and is signed by the pass certificate", async () => {
    const { cast, ticketIds, codes } = await boughtTickets();
    const response = await get(passUrl(cast.ids.customer, ticketIds[1]), cast.as.customer);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/vnd.apple.pkpass");
    expect(response.headers["content-disposition"]).toContain(".pkpass");

    const zip = await JSZip.loadAsync(response.rawPayload);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(expect.arrayContaining(["icon.png", "icon@2x.png", "manifest.json", "pass.json", "signature"]));
    const manifestBytes = await zip.file("manifest.json")!.async("nodebuffer");
    const manifest = JSON.parse(manifestBytes.toString("utf8")) as Record<string, string>;
    expect(Object.keys(manifest).sort()).toEqual(names.filter((name) => name !== "manifest.json" && name !== "signature"));
    for (const [name, sha1] of Object.entries(manifest))
      expect(
        createHash("sha1")
          .update(await zip.file(name)!.async("nodebuffer"))
          .digest("hex"),
        name,
      ).toBe(sha1);

    const pass = JSON.parse(await zip.file("pass.json")!.async("string"));
    const keys = walletKeys(t.ctx.config).apple!;
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: keys.passTypeIdentifier,
      teamIdentifier: keys.teamIdentifier,
      serialNumber: ticketIds[1],
      organizationName: "Foro Sol",
    });
    expect(pass.eventTicket.primaryFields).toEqual([{ key: "event", label: "Evento", value: "Concierto de son jarocho" }]);
    expect(pass.eventTicket.secondaryFields[0]).toMatchObject({ key: "date", label: "Fecha" });
    expect(pass.barcodes[0]).toMatchObject({ format: "PKBarcodeFormatQR", message: codes[1] });

    const signature = await zip.file("signature")!.async("nodebuffer");
    const { valid, certificates } = await verifyPkcs7(signature, manifestBytes);
    expect(valid).toBe(true);
    const signer = new X509Certificate(keys.signerCert);
    const wwdr = new X509Certificate(keys.wwdr);
    expect(certificates.map((cert) => cert.fingerprint256)).toEqual(expect.arrayContaining([signer.fingerprint256, wwdr.fingerprint256]));
    expect(signer.checkIssued(wwdr) && signer.verify(wwdr.publicKey)).toBe(true);
    expect(signer.subject).toContain(`Pass Type ID: ${keys.passTypeIdentifier}`);

    const tampered = Buffer.from(manifestBytes.toString("utf8").replace(manifest["pass.json"], "0".repeat(40)));
    await expect(verifyPkcs7(signature, tampered)).rejects.toThrow(/digest doesn't match/);
  });

  it("gives the buyer a Google Wallet save link whose JWT the issuer's key signed, with the ticket's QR", async () => {
    const { cast, ticketIds, codes } = await boughtTickets();
    const response = await get(linksUrl(cast.ids.customer, ticketIds[0]), cast.as.customer);
    expect(response.statusCode).toBe(200);
    const links = response.json();
    expect(links.apple_pass_url).toBe(passUrl(cast.ids.customer, ticketIds[0]));
    expect(links.google_save_url.startsWith(GOOGLE_SAVE_URL)).toBe(true);

    const keys = walletKeys(t.ctx.config).google!;
    const jwt = links.google_save_url.slice(GOOGLE_SAVE_URL.length);
    const { payload, protectedHeader } = await jwtVerify(jwt, createPublicKey(keys.privateKey), {
      issuer: keys.serviceAccountEmail,
      audience: "google",
    });
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload.typ).toBe("savetowallet");
    expect(payload.origins).toEqual([t.ctx.config.publicUrl]);
    const body = payload.payload as { eventTicketClasses: Record<string, unknown>[]; eventTicketObjects: Record<string, unknown>[] };
    const [eventClass] = body.eventTicketClasses;
    const [object] = body.eventTicketObjects;
    expect(eventClass).toMatchObject({ issuerName: "Foro Sol", eventName: { defaultValue: { value: "Concierto de son jarocho" } } });
    expect(object).toMatchObject({
      id: `${keys.issuerId}.tianguis-ticket-${ticketIds[0]}`,
      classId: eventClass.id,
      state: "ACTIVE",
      barcode: { type: "QR_CODE", value: codes[0] },
    });

    const other = await get(linksUrl(cast.ids.customer, ticketIds[1]), cast.as.customer);
    const otherJwt = other.json().google_save_url.slice(GOOGLE_SAVE_URL.length);
    const forged = `${jwt.split(".").slice(0, 2).join(".")}.${otherJwt.split(".")[2]}`;
    await expect(jwtVerify(forged, createPublicKey(keys.privateKey))).rejects.toThrow();
  });

  it("serves a ticket's passes to its buyer only: not to another customer, the shop's owner or a visitor", async () => {
    const { cast, ticketIds } = await boughtTickets();
    const [ticketId] = ticketIds;
    for (const url of [passUrl, linksUrl]) {
      expect((await get(url(cast.ids.customer, ticketId), cast.as.customer)).statusCode).toBe(200);
      expect((await get(url(cast.ids.customer, ticketId))).statusCode).toBe(401);
      for (const persona of ["otherOwner", "owner", "qrreader", "admin"] as const) {
        expect((await get(url(cast.ids.customer, ticketId), cast.as[persona])).json().code, persona).toBe("ticket_not_found");
        expect((await get(url(cast.ids[persona], ticketId), cast.as[persona])).statusCode, persona).toBe(404);
      }
    }
  });

  it("refuses passes of a used or cancelled ticket", async () => {
    const { cast, ticketIds } = await boughtTickets();
    await t.ctx.db.update(tickets).set({ state: "used", usedAt: t.clock.now() }).where(eq(tickets.id, ticketIds[0]));
    await t.ctx.db.update(tickets).set({ state: "cancelled", cancelledAt: t.clock.now() }).where(eq(tickets.id, ticketIds[1]));
    const used = await get(passUrl(cast.ids.customer, ticketIds[0]), cast.as.customer);
    expect([used.statusCode, used.json().code]).toEqual([409, "ticket_already_used"]);
    const cancelled = await get(linksUrl(cast.ids.customer, ticketIds[1]), cast.as.customer);
    expect([cancelled.statusCode, cancelled.json().code]).toEqual([409, "ticket_cancelled"]);
  });
});

describe("wallet pass keys", () => {
  it("signs with the settings' keys, and in production without them signs nothing", () => {
    const sandbox = walletKeys(loadConfig({ NODE_ENV: "test", SEED_DEMO: "false" }));
    expect(sandbox.apple?.sandbox).toBe(true);
    const configured = walletKeys(
      loadConfig({
        NODE_ENV: "production",
        DEMO_MODE: "false",
        APP_SECRET: "x".repeat(32),
        APPLE_WALLET_SIGNER_CERT: sandbox.apple!.signerCert.replace(/\n/g, "\\n"),
        APPLE_WALLET_SIGNER_KEY: sandbox.apple!.signerKey,
        APPLE_WALLET_WWDR_CERT: sandbox.apple!.wwdr,
        GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: "passes@tianguis-prod.iam.gserviceaccount.com",
        GOOGLE_WALLET_PRIVATE_KEY: sandbox.google!.privateKey,
      }),
    );
    expect(configured.apple).toMatchObject({ sandbox: false, signerCert: sandbox.apple!.signerCert });
    expect(configured.google).toMatchObject({ sandbox: false, serviceAccountEmail: "passes@tianguis-prod.iam.gserviceaccount.com" });
    const bare = walletKeys(loadConfig({ NODE_ENV: "production", DEMO_MODE: "false", APP_SECRET: "x".repeat(32) }));
    expect(bare).toEqual({ apple: null, google: null });
    expect(() => loadConfig({ APPLE_WALLET_SIGNER_CERT: sandbox.apple!.signerCert })).toThrow(/APPLE_WALLET_SIGNER_KEY/);
  });
});
