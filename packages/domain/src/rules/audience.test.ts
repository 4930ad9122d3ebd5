import { describe, expect, it } from "vitest";
import { audienceOf, isShownTo, showsSignupAction, targetsFor } from "./audience";

describe("audience", () => {
  it("maps visitors to anon, ul0, ul1 and ul2", () => {
    expect(audienceOf(null)).toBe("anon");
    expect(audienceOf(undefined)).toBe("anon");
    expect(audienceOf(0)).toBe("ul0");
    expect(audienceOf(1)).toBe("ul1");
    expect(audienceOf(2)).toBe("ul2");
    expect(audienceOf(3)).toBe("ul2");
  });
  it("shows 'all' to everyone and a target only to its audience", () => {
    expect(isShownTo("all", "anon")).toBe(true);
    expect(isShownTo("anon", "anon")).toBe(true);
    expect(isShownTo("anon", "ul2")).toBe(false);
    expect(isShownTo("ul1", "ul1")).toBe(true);
    expect(isShownTo("ul1", "ul0")).toBe(false);
    expect(targetsFor("ul0")).toEqual(["all", "ul0"]);
  });
  it.each([
    [null, true],
    [undefined, true],
    [0, false],
    [1, false],
    [2, false],
    [3, false],
  ])("offers the header's signup action to visitors without an account only (level %s: %s)", (level, shown) => {
    expect(showsSignupAction(level)).toBe(shown);
  });
});
