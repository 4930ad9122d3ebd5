import { describe, expect, it } from "vitest";
import { coordinatorStatus, mayRequestCoordinator } from "./coordinator";

const user = (user_level: number, coordinator_request = false, coordinator = false) => ({ user_level, coordinator_request, coordinator });

describe("the level-two coordinator modal (commerce-and-accounts §6, storefront-and-admin §6)", () => {
  it("offers level two to ask, and says so once asked", () => {
    expect(coordinatorStatus(user(2))).toBe("offer");
    expect(coordinatorStatus(user(2, true))).toBe("requested");
  });

  it("is nothing for levels zero and one", () => {
    expect(coordinatorStatus(user(0))).toBeNull();
    expect(coordinatorStatus(user(1))).toBeNull();
    expect(mayRequestCoordinator(user(1))).toBe(false);
  });

  it("a coordinator (level 3 or the flag) is told so and asks no more", () => {
    expect(coordinatorStatus(user(3))).toBe("coordinator");
    expect(coordinatorStatus(user(2, true, true))).toBe("coordinator");
    expect(mayRequestCoordinator(user(3))).toBe(false);
  });

  it("level two may ask, again without harm", () => {
    expect(mayRequestCoordinator(user(2))).toBe(true);
    expect(mayRequestCoordinator(user(2, true))).toBe(true);
  });
});
