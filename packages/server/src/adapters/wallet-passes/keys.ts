import { generateKeyPairSync } from "node:crypto";
import forge from "node-forge";
import type { Config } from "../../config";

/**
 * The keys that sign tickets' wallet passes (docs/FEATURES.md "Tickets in the phone's wallet"): the settings' when they
 * are set; outside production, keys made once per process (the sandbox), so the demo and the tests sign for real with a
 * certificate no phone trusts. In production without settings there are none, and the passes are refused.
 */
export interface AppleWalletKeys {
  passTypeIdentifier: string;
  teamIdentifier: string;
  wwdr: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  sandbox: boolean;
}

export interface GoogleWalletKeys {
  issuerId: string;
  serviceAccountEmail: string;
  /** PKCS#8 PEM (the service account's JSON key file holds it as `private_key`). */
  privateKey: string;
  sandbox: boolean;
}

export interface WalletKeys {
  apple: AppleWalletKeys | null;
  google: GoogleWalletKeys | null;
}

const cache = new WeakMap<Config, WalletKeys>();

export function walletKeys(config: Config): WalletKeys {
  let keys = cache.get(config);
  if (!keys) {
    keys = { apple: appleKeys(config), google: googleKeys(config) };
    cache.set(config, keys);
  }
  return keys;
}

function appleKeys(config: Config): AppleWalletKeys | null {
  const ids = { passTypeIdentifier: config.APPLE_WALLET_PASS_TYPE_ID, teamIdentifier: config.APPLE_WALLET_TEAM_ID };
  const { APPLE_WALLET_SIGNER_CERT: signerCert, APPLE_WALLET_SIGNER_KEY: signerKey, APPLE_WALLET_WWDR_CERT: wwdr } = config;
  if (signerCert && signerKey && wwdr)
    return { ...ids, wwdr, signerCert, signerKey, signerKeyPassphrase: config.APPLE_WALLET_SIGNER_KEY_PASSPHRASE, sandbox: false };
  if (!config.sandboxAllowed) return null;
  return { ...ids, ...sandboxCertificates(ids.passTypeIdentifier, ids.teamIdentifier), sandbox: true };
}

function googleKeys(config: Config): GoogleWalletKeys | null {
  const issuerId = config.GOOGLE_WALLET_ISSUER_ID;
  const { GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: serviceAccountEmail, GOOGLE_WALLET_PRIVATE_KEY: privateKey } = config;
  if (serviceAccountEmail && privateKey) return { issuerId, serviceAccountEmail, privateKey, sandbox: false };
  if (!config.sandboxAllowed) return null;
  return { issuerId, serviceAccountEmail: "wallet-sandbox@tianguis.local", privateKey: rsaKeyPair().privateKey, sandbox: true };
}

function rsaKeyPair() {
  return generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
}

/** Valid from 2000 to 2099: the sandbox's certificates never expire under the development clock. */
function certificate(subject: forge.pki.CertificateField[], publicKeyPem: string, serial: string) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  cert.serialNumber = serial;
  cert.validity.notBefore = new Date(Date.UTC(2000, 0, 1));
  cert.validity.notAfter = new Date(Date.UTC(2099, 11, 31));
  cert.setSubject(subject);
  return cert;
}

/**
 * A sandbox authority standing for Apple's WWDR, and the pass certificate it issues, named as Apple names them
 * (UID the Pass Type ID, OU the team). Keys come from Node's crypto (fast); node-forge writes the certificates.
 */
function sandboxCertificates(passTypeIdentifier: string, teamIdentifier: string) {
  const authorityKeys = rsaKeyPair();
  const authority = certificate(
    [
      { name: "commonName", value: "Tianguis Sandbox Wallet Relations Certification Authority" },
      { name: "organizationName", value: "Tianguis (sandbox)" },
    ],
    authorityKeys.publicKey,
    "01",
  );
  authority.setIssuer(authority.subject.attributes);
  authority.setExtensions([{ name: "basicConstraints", cA: true }]);
  const authorityKey = forge.pki.privateKeyFromPem(authorityKeys.privateKey);
  authority.sign(authorityKey, forge.md.sha256.create());

  const signerKeys = rsaKeyPair();
  const signer = certificate(
    [
      { type: "0.9.2342.19200300.100.1.1", value: passTypeIdentifier },
      { name: "commonName", value: `Pass Type ID: ${passTypeIdentifier}` },
      { name: "organizationalUnitName", value: teamIdentifier },
      { name: "organizationName", value: "Tianguis (sandbox)" },
    ],
    signerKeys.publicKey,
    "02",
  );
  signer.setIssuer(authority.subject.attributes);
  signer.sign(authorityKey, forge.md.sha256.create());
  return {
    wwdr: forge.pki.certificateToPem(authority),
    signerCert: forge.pki.certificateToPem(signer),
    signerKey: signerKeys.privateKey,
  };
}
