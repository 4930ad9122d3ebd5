import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorHandler } from "./errors";

describe("errorHandler", () => {
  it("answers a ZodError thrown anywhere (a schema parsed by hand) with a coded 400 naming the fields", async () => {
    const app = Fastify();
    app.setErrorHandler(errorHandler);
    app.get("/parsed-by-hand", async () => z.object({ name: z.string(), items: z.array(z.number()) }).parse({ items: ["x"] }));
    const response = await app.inject({ method: "GET", url: "/parsed-by-hand" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "validation_failed", field_codes: { name: "required", "items.0": "required" } });
    await app.close();
  });

  it("still answers an unknown failure with a coded 500", async () => {
    const app = Fastify();
    app.setErrorHandler(errorHandler);
    app.get("/broken", async () => {
      throw new Error("boom");
    });
    const response = await app.inject({ method: "GET", url: "/broken" });
    expect(response.statusCode).toBe(500);
    expect(response.json().code).toBe("unknown");
    await app.close();
  });
});
