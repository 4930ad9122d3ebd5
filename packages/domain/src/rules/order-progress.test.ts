import { describe, expect, it } from "vitest";
import { hasMessage, translate } from "../messages/index";
import { orderStates } from "./order-state";
import {
  customerStatus,
  decideCancel,
  decideNextAction,
  fulfilmentPath,
  fulfilmentPaths,
  isClosed,
  nextActionErrors,
  nextState,
  orderProgressStates,
  progressSteps,
  requiredFields,
  sellerStateLabel,
  supplierOrderStates,
} from "./order-progress";

describe("purchase-order progress (spec §4: sent to supplier → confirm → in process → to deliver → on the way → delivered)", () => {
  it.each([
    ["shipping", ["paid", "confirmed", "in_process", "ready_to_deliver", "on_the_way", "delivered"]],
    ["fixed_delivery", ["paid", "confirmed", "in_process", "ready_to_deliver", "on_the_way", "delivered"]],
    ["to_branch", ["paid", "confirmed", "in_process", "ready_to_deliver", "delivered"]],
    ["digital", ["paid", "delivered"]],
  ] as const)("%s goes %j", (path, expected) => {
    expect(progressSteps(path)).toEqual(expected);
  });

  it.each([
    ["paid", "shipping", "confirmed"],
    ["confirmed", "shipping", "in_process"],
    ["in_process", "shipping", "ready_to_deliver"],
    ["ready_to_deliver", "shipping", "on_the_way"],
    ["on_the_way", "shipping", "delivered"],
    ["ready_to_deliver", "to_branch", "delivered"],
    ["paid", "digital", "delivered"],
    ["delivered", "shipping", null],
    ["pending_payment", "shipping", null],
    ["expired", "to_branch", null],
    ["canceled_by_supplier", "shipping", null],
    ["canceled_by_customer", "digital", null],
  ] as const)("next action from %s on %s: %s", (state, path, expected) => {
    expect(nextState(state, path)).toBe(expected);
  });

  it.each([
    [{ delivery_type: "shipping", item_types: ["product", "digital"] }, "shipping"],
    [{ delivery_type: "shipping", item_types: ["digital", "digital"] }, "digital"],
    [{ delivery_type: "to_branch", item_types: ["digital"] }, "digital"],
    [{ delivery_type: "to_branch", item_types: ["product"] }, "to_branch"],
    [{ delivery_type: "fixed_delivery", item_types: [] }, "fixed_delivery"],
  ] as const)("an order %j takes the %s path", (order, path) => {
    expect(fulfilmentPath(order)).toBe(path);
  });
});

describe("who takes the next action (spec §6: supplier admins advance orders)", () => {
  it.each([
    ["owner", "paid", "shipping", { ok: true, to: "confirmed", requires: ["estimated_delivery_date"] }],
    ["admin", "paid", "to_branch", { ok: true, to: "confirmed", requires: ["estimated_delivery_date"] }],
    ["dispatcher", "paid", "shipping", { ok: false, code: "order_action_forbidden" }],
    ["dispatcher", "confirmed", "shipping", { ok: true, to: "in_process", requires: [] }],
    ["dispatcher", "ready_to_deliver", "shipping", { ok: true, to: "on_the_way", requires: ["courier", "tracking_number"] }],
    ["dispatcher", "ready_to_deliver", "fixed_delivery", { ok: true, to: "on_the_way", requires: [] }],
    ["dispatcher", "on_the_way", "shipping", { ok: true, to: "delivered", requires: [] }],
    ["dispatcher", "paid", "digital", { ok: true, to: "delivered", requires: [] }],
    ["accountant", "confirmed", "shipping", { ok: false, code: "order_action_forbidden" }],
    ["qrreader", "confirmed", "shipping", { ok: false, code: "order_action_forbidden" }],
    ["customer", "confirmed", "shipping", { ok: false, code: "order_action_forbidden" }],
    ["owner", "delivered", "shipping", { ok: false, code: "order_wrong_state" }],
    ["owner", "pending_payment", "shipping", { ok: false, code: "order_wrong_state" }],
    ["owner", "canceled_by_customer", "shipping", { ok: false, code: "order_wrong_state" }],
  ] as const)("%s on a %s order (%s): %j", (actor, state, path, expected) => {
    expect(decideNextAction({ state, seen: state, path, actor })).toEqual(expected);
  });

  it("refuses a next action from a state the seller no longer sees (double click, two sellers at once)", () => {
    expect(decideNextAction({ state: "in_process", seen: "confirmed", path: "shipping", actor: "owner" })).toEqual({
      ok: false,
      code: "order_wrong_state",
    });
  });
});

describe("what a next action must carry (confirm: estimated delivery date, shipping cost; on the way: courier, tracking)", () => {
  it.each([
    ["confirmed", "shipping", ["estimated_delivery_date"]],
    ["confirmed", "fixed_delivery", ["estimated_delivery_date"]],
    ["confirmed", "to_branch", ["estimated_delivery_date"]],
    ["on_the_way", "shipping", ["courier", "tracking_number"]],
    ["on_the_way", "fixed_delivery", []],
    ["in_process", "shipping", []],
    ["delivered", "digital", []],
  ] as const)("into %s on %s: %j", (to, path, expected) => {
    expect(requiredFields(to, path)).toEqual(expected);
  });

  it.each([
    [["estimated_delivery_date"], { estimated_delivery_date: "2026-03-02" }, {}],
    [["estimated_delivery_date", "courier"], { estimated_delivery_date: "2026-03-02" }, { courier: "required" }],
    [["estimated_delivery_date"], { estimated_delivery_date: "2026-02-27" }, { estimated_delivery_date: "estimated_date_in_past" }],
    [["estimated_delivery_date"], { estimated_delivery_date: "2026-03-01" }, {}],
    [["courier", "tracking_number"], { courier: "Estafeta", tracking_number: " " }, { tracking_number: "required" }],
    [["courier", "tracking_number"], {}, { courier: "required", tracking_number: "required" }],
    [[], { courier: "ignored" }, {}],
  ] as const)("requires %j, given %j: %j", (requires, body, expected) => {
    expect(nextActionErrors(requires, body, "2026-03-01")).toEqual(expected);
  });
});

describe("cancellation (by supplier with a reason; by customer while not yet confirmed)", () => {
  it.each([
    ["owner", "paid", { ok: true, to: "canceled_by_supplier" }],
    ["admin", "confirmed", { ok: true, to: "canceled_by_supplier" }],
    ["owner", "in_process", { ok: true, to: "canceled_by_supplier" }],
    ["owner", "ready_to_deliver", { ok: true, to: "canceled_by_supplier" }],
    ["owner", "on_the_way", { ok: false, code: "order_wrong_state" }],
    ["owner", "delivered", { ok: false, code: "order_wrong_state" }],
    ["owner", "pending_payment", { ok: false, code: "order_wrong_state" }],
    ["owner", "canceled_by_customer", { ok: false, code: "order_wrong_state" }],
    ["dispatcher", "paid", { ok: false, code: "order_action_forbidden" }],
    ["accountant", "paid", { ok: false, code: "order_action_forbidden" }],
    ["customer", "paid", { ok: true, to: "canceled_by_customer" }],
    ["customer", "confirmed", { ok: false, code: "order_already_confirmed" }],
    ["customer", "ready_to_deliver", { ok: false, code: "order_already_confirmed" }],
    ["customer", "delivered", { ok: false, code: "order_wrong_state" }],
    ["customer", "pending_payment", { ok: false, code: "order_wrong_state" }],
  ] as const)("%s cancels a %s order: %j", (actor, state, expected) => {
    expect(decideCancel({ state, actor })).toEqual(expected);
  });
});

describe("states and texts", () => {
  it("holds every purchase state and every progress state, once", () => {
    expect(new Set(supplierOrderStates)).toEqual(new Set([...orderStates, ...orderProgressStates]));
    expect(supplierOrderStates).toHaveLength(new Set(supplierOrderStates).size);
  });

  it("closes delivered, cancelled and expired orders only", () => {
    expect(supplierOrderStates.filter(isClosed)).toEqual([
      "expired",
      "canceled",
      "delivered",
      "canceled_by_customer",
      "canceled_by_supplier",
    ]);
  });

  it.each([
    ["paid", "Pagado"],
    ["confirmed", "En proceso"],
    ["in_process", "En proceso"],
    ["ready_to_deliver", "Por entregar"],
    ["on_the_way", "En tránsito"],
    ["delivered", "Entregado"],
    ["canceled_by_customer", "Cancelado por el cliente"],
    ["canceled_by_supplier", "Cancelado por el proveedor"],
    ["pending_payment", "Pendiente de pago"],
  ] as const)("a customer reads a %s order as '%s'", (state, text) => {
    expect(translate("es", customerStatus(state))).toBe(text);
  });

  it("gives a seller a label for every state on every path", () => {
    for (const path of fulfilmentPaths) {
      for (const state of supplierOrderStates) expect(hasMessage(sellerStateLabel(state, path)), `${state} ${path}`).toBe(true);
    }
    expect(sellerStateLabel("paid", "shipping")).toBe("order_state_sent_to_supplier");
    expect(sellerStateLabel("ready_to_deliver", "to_branch")).toBe("order_state_to_deliver");
    expect(sellerStateLabel("ready_to_deliver", "shipping")).toBe("order_state_ready_to_deliver");
  });

  it("names the button of every next action", () => {
    for (const path of fulfilmentPaths) {
      for (const state of progressSteps(path).slice(1)) expect(hasMessage(`order_action_${state}`), state).toBe(true);
    }
  });
});
