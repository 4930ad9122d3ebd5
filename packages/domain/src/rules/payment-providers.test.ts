import { describe, expect, it } from "vitest";
import { keyHint, methodsOfProvider, purchaseGateway, type SupplierGateway } from "./payment-providers";

const sandbox: SupplierGateway = { live: false, accounts: {} };
const stripeA: SupplierGateway = { live: true, accounts: { stripe: { accountId: "a", key: "pk_test_A" } } };
const stripeB: SupplierGateway = { live: true, accounts: { stripe: { accountId: "b", key: "pk_test_B" } } };
const stripeSameKey: SupplierGateway = { live: true, accounts: { stripe: { accountId: "c", key: "pk_test_A" } } };
const liveNothing: SupplierGateway = { live: true, accounts: {} };

describe("purchaseGateway", () => {
  it("charges through the sandbox when every supplier is in sandbox mode, whatever the method", () => {
    expect(purchaseGateway([sandbox, sandbox], "str_card")).toEqual({ kind: "sandbox" });
    expect(purchaseGateway([sandbox], "tiendacrypto")).toEqual({ kind: "sandbox" });
  });

  it("in production (not the demo) charges nothing through the sandbox, and live suppliers as before", () => {
    for (const method of ["str_card", "conekta_oxxo", "paypal", "tiendacrypto"] as const)
      expect(purchaseGateway([sandbox], method, false)).toBeNull();
    expect(purchaseGateway([sandbox, stripeA], "str_card", false)).toBeNull();
    expect(purchaseGateway([stripeA], "str_card", false)).toEqual({ kind: "account", provider: "stripe", accountId: "a" });
  });

  it("charges a live supplier through its own account for the method's provider", () => {
    expect(purchaseGateway([stripeA], "str_card")).toEqual({ kind: "account", provider: "stripe", accountId: "a" });
  });

  it("does not offer a method whose provider a live supplier has not connected", () => {
    expect(purchaseGateway([liveNothing], "str_card")).toBeNull();
    expect(purchaseGateway([stripeA], "conekta_card")).toBeNull();
    expect(purchaseGateway([stripeA], "tiendacrypto")).toBeNull();
  });

  it("offers Conekta's and Openpay's card methods live (their own card fields tokenise), as well as their cash methods", () => {
    const conektaOpenpay: SupplierGateway = {
      live: true,
      accounts: { conekta: { accountId: "k", key: "key_K" }, openpay: { accountId: "o", key: "pk_O" } },
    };
    expect(purchaseGateway([conektaOpenpay], "conekta_card")).toEqual({ kind: "account", provider: "conekta", accountId: "k" });
    expect(purchaseGateway([conektaOpenpay], "openpay_card")).toEqual({ kind: "account", provider: "openpay", accountId: "o" });
    expect(purchaseGateway([conektaOpenpay], "conekta_oxxo")).toEqual({ kind: "account", provider: "conekta", accountId: "k" });
    expect(purchaseGateway([conektaOpenpay], "openpay_bank")).toEqual({ kind: "account", provider: "openpay", accountId: "o" });
    expect(purchaseGateway([sandbox], "conekta_card")).toEqual({ kind: "sandbox" });
  });

  it("offers a live method to several suppliers only when they share one merchant account", () => {
    expect(purchaseGateway([stripeA, stripeSameKey], "str_card")).toEqual({ kind: "account", provider: "stripe", accountId: "a" });
    expect(purchaseGateway([stripeA, stripeB], "str_card")).toBeNull();
    expect(purchaseGateway([stripeA, sandbox], "str_card")).toBeNull();
  });

  it("offers nothing to an empty purchase", () => {
    expect(purchaseGateway([], "str_card")).toBeNull();
  });
});

describe("methodsOfProvider and keyHint", () => {
  it("lists each provider's methods", () => {
    expect(methodsOfProvider("conekta")).toEqual(["conekta_card", "conekta_oxxo"]);
    expect(methodsOfProvider("openpay")).toEqual(["openpay_card", "openpay_store", "openpay_bank"]);
    expect(methodsOfProvider("stripe")).toEqual(["str_card"]);
  });

  it("shows only the last 4 characters of a key", () => {
    expect(keyHint(" sk_test_51Habcd1234 ")).toBe("1234");
  });
});
