import { describe, expect, it } from "vitest";
import { translate } from "../messages/index";
import { reviewBody } from "../schemas/review";
import { decideAnswer, decideReview, distributionPercent, ratingSummary } from "./review";

describe("rating summary (product page: average with one decimal, count, distribution)", () => {
  it.each([
    ["no reviews", {}, 0, null],
    ["one five-star review", { 5: 1 }, 1, 5],
    ["4 and 5 average 4.5", { 4: 1, 5: 1 }, 2, 4.5],
    ["5, 4, 4 average 4.3 (4.333…)", { 5: 1, 4: 2 }, 3, 4.3],
    ["5, 5, 4 average 4.7 (4.666…)", { 5: 2, 4: 1 }, 3, 4.7],
    ["4.45 rounds up to 4.5, not down by binary fractions", { 5: 9, 4: 11 }, 20, 4.5],
    ["one of each averages 3", { 1: 1, 2: 1, 3: 1, 4: 1, 5: 1 }, 5, 3],
  ])("%s", (_case, counts, count, average) => {
    const summary = ratingSummary(counts);
    expect(summary.count).toBe(count);
    expect(summary.average).toBe(average);
  });

  it("keeps every qualification in the distribution, zero where nobody gave it, and ignores anything else", () => {
    expect(ratingSummary({ 5: 3, 1: 1, 7: 4, 0: 2 }).distribution).toEqual({ 1: 1, 2: 0, 3: 0, 4: 0, 5: 3 });
  });

  it("gives the bars whole percentages of the count", () => {
    expect(distributionPercent(ratingSummary({ 5: 2, 4: 1 }))).toEqual({ 1: 0, 2: 0, 3: 0, 4: 33, 5: 67 });
    expect(distributionPercent(ratingSummary({}))).toEqual({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 });
  });
});

describe("who may rate a product (only after delivery, once)", () => {
  it.each([
    ["a buyer whose order was delivered", { boughtLines: 1, deliveredLines: 1, alreadyReviewed: false }, null],
    ["a buyer with a delivered and an undelivered order", { boughtLines: 2, deliveredLines: 1, alreadyReviewed: false }, null],
    ["someone who never bought it", { boughtLines: 0, deliveredLines: 0, alreadyReviewed: false }, "review_not_purchased"],
    ["a buyer whose order is not delivered yet", { boughtLines: 1, deliveredLines: 0, alreadyReviewed: false }, "review_not_delivered"],
    ["a buyer who already rated it", { boughtLines: 2, deliveredLines: 2, alreadyReviewed: true }, "review_already_exists"],
  ])("%s", (_case, input, code) => {
    const decision = decideReview(input);
    expect(decision.ok ? null : decision.code).toBe(code);
  });

  it("refuses with statuses: 403 non-buyer, 422 not delivered, 409 second review", () => {
    const status = (input: Parameters<typeof decideReview>[0]) => {
      const decision = decideReview(input);
      return decision.ok ? 200 : decision.status;
    };
    expect(status({ boughtLines: 0, deliveredLines: 0, alreadyReviewed: false })).toBe(403);
    expect(status({ boughtLines: 1, deliveredLines: 0, alreadyReviewed: false })).toBe(422);
    expect(status({ boughtLines: 1, deliveredLines: 1, alreadyReviewed: true })).toBe(409);
  });
});

describe("the supplier's answer (once)", () => {
  it.each([
    ["the product's supplier, first answer", { isSupplierManager: true, alreadyAnswered: false }, null],
    ["the supplier again", { isSupplierManager: true, alreadyAnswered: true }, "review_already_answered"],
    ["anyone else", { isSupplierManager: false, alreadyAnswered: false }, "forbidden"],
  ])("%s", (_case, input, code) => {
    const decision = decideAnswer(input);
    expect(decision.ok ? null : decision.code).toBe(code);
  });
});

describe("the review form", () => {
  it("takes 1 to 5 stars as text (multipart) and trims title and text", () => {
    expect(reviewBody.parse({ title: " Bueno ", qualification: "4", text: " Llegó bien " })).toEqual({
      title: "Bueno",
      qualification: 4,
      text: "Llegó bien",
    });
  });
  it.each([["0"], ["6"], ["4.5"], ["abc"]])("refuses %s stars with the catalogue's code", (qualification) => {
    const result = reviewBody.safeParse({ title: "t", qualification, text: "x" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toMatch(/review_qualification_invalid|Invalid/);
  });
  it("says the spec's failure text in every language", () => {
    expect(translate("en", "rating_save_error")).toBe("Error saving the rating, please try again later");
    expect(translate("es", "rating_save_error")).toBe("Error al guardar la calificación, por favor intenta más tarde");
    expect(translate("es-AR", "rating_save_error")).toBe("Error al guardar la calificación, por favor intentá más tarde");
  });
});
