import { PKPass } from "passkit-generator";
import sharp from "sharp";
import type { AppleWalletKeys } from "./keys";
import type { TicketPass } from "./ticket-pass";

/**
 * An Apple Wallet event ticket (.pkpass): pass.json, the icons, manifest.json with each file's SHA-1 and the manifest's
 * detached PKCS#7 signature by the pass certificate (passkit-generator writes and signs them; node-forge underneath).
 */

const BRAND = "#c2255c";
let icons: Promise<Record<string, Buffer>> | undefined;

/** The icons Wallet requires (icon.png and its @2x) and the logo, drawn once from one SVG. */
function passIcons(): Promise<Record<string, Buffer>> {
  icons ??= (async () => {
    const svg = (size: number) =>
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 58 58">` +
          `<rect width="58" height="58" rx="12" fill="${BRAND}"/>` +
          `<path d="M14 16h30v7H32.5v21h-7V23H14z" fill="#fff"/></svg>`,
      );
    const png = (size: number) => sharp(svg(size)).png().toBuffer();
    const [icon, icon2x, logo, logo2x] = await Promise.all([png(29), png(58), png(50), png(100)]);
    return { "icon.png": icon, "icon@2x.png": icon2x, "logo.png": logo, "logo@2x.png": logo2x };
  })();
  return icons;
}

export async function applePass(keys: AppleWalletKeys, pass: TicketPass): Promise<Buffer> {
  const pkpass = new PKPass(
    await passIcons(),
    { wwdr: keys.wwdr, signerCert: keys.signerCert, signerKey: keys.signerKey, signerKeyPassphrase: keys.signerKeyPassphrase },
    {
      formatVersion: 1,
      passTypeIdentifier: keys.passTypeIdentifier,
      teamIdentifier: keys.teamIdentifier,
      serialNumber: pass.ticketId,
      organizationName: pass.shopName,
      description: pass.labels.description,
      logoText: pass.shopName,
      backgroundColor: "rgb(194, 37, 92)",
      foregroundColor: "rgb(255, 255, 255)",
      labelColor: "rgb(255, 222, 235)",
    },
  );
  pkpass.type = "eventTicket";
  pkpass.primaryFields.push({ key: "event", label: pass.labels.event, value: pass.eventName });
  if (pass.eventDate)
    pkpass.secondaryFields.push({
      key: "date",
      label: pass.labels.date,
      value: pass.eventDate.toISOString(),
      dateStyle: "PKDateStyleMedium",
      timeStyle: "PKDateStyleShort",
    });
  if (pass.holderName) pkpass.auxiliaryFields.push({ key: "holder", label: pass.labels.holder, value: pass.holderName });
  pkpass.auxiliaryFields.push({ key: "code", label: pass.labels.code, value: pass.printedCode });
  if (pass.orderNumber !== null) pkpass.backFields.push({ key: "order", label: pass.labels.order, value: `#${pass.orderNumber}` });
  pkpass.setBarcodes({ message: pass.code, format: "PKBarcodeFormatQR", messageEncoding: "iso-8859-1", altText: pass.printedCode });
  if (pass.eventDate) pkpass.setRelevantDate(pass.eventDate);
  return pkpass.getAsBuffer();
}
