import { describe, expect, it } from "vitest";
import { openSecrets, paymentKeysKey, sealSecrets } from "./sealing";

const config = { APP_SECRET: "test-secret-long-enough-for-production-0123", PAYMENT_KEYS_SECRET: "k".repeat(40) };
const secrets = { secretKey: "sk_test_51Habcd4242", webhookSecret: "whsec_abc9876" };

describe("sealing payment secrets", () => {
  const { key } = paymentKeysKey(config);

  it("opens what it sealed, and the sealed text does not contain the secret", () => {
    const sealed = sealSecrets(key, "shop-1:stripe", secrets);
    expect(sealed).not.toContain("4242");
    expect(sealed).not.toContain("sk_test");
    expect(openSecrets(key, "shop-1:stripe", sealed)).toEqual(secrets);
    expect(sealSecrets(key, "shop-1:stripe", secrets)).not.toBe(sealed);
  });

  it("does not open on another row, under another key, or after tampering", () => {
    const sealed = sealSecrets(key, "shop-1:stripe", secrets);
    expect(openSecrets(key, "shop-2:stripe", sealed)).toBeNull();
    expect(openSecrets(paymentKeysKey({ ...config, PAYMENT_KEYS_SECRET: "j".repeat(40) }).key, "shop-1:stripe", sealed)).toBeNull();
    const parts = sealed.split(".");
    const flipped = `${parts[3][0] === "A" ? "B" : "A"}${parts[3].slice(1)}`;
    expect(openSecrets(key, "shop-1:stripe", [...parts.slice(0, 3), flipped].join("."))).toBeNull();
    expect(openSecrets(key, "shop-1:stripe", "garbage")).toBeNull();
  });

  it("derives a demo key from the app secret, distinct from the app secret's other uses, and says so", () => {
    const demo = paymentKeysKey({ APP_SECRET: config.APP_SECRET });
    expect(demo.derivedFromAppSecret).toBe(true);
    expect(demo.key).toHaveLength(32);
    expect(demo.key.equals(key)).toBe(false);
    expect(paymentKeysKey(config).derivedFromAppSecret).toBe(false);
  });
});
