import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { testEngines } from "../../db/testing.ts";
import { AppError } from "../errors.ts";
import { call, createTestApp, signUp, type TestApp } from "../testing.ts";
import { parseValue } from "./context.ts";

const refusalOf = (run: () => unknown): AppError => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
};

describe("parseValue", () => {
  const body = z
    .object({ title: z.string().min(1, "title needs some text"), tags: z.array(z.string().max(3, "at most 3")).optional() })
    .strict()
    .refine((value) => value.title !== "nothing", "Nothing to change.");

  it("names the field a refusal is about in the message and in details.field, as a path into the value", () => {
    const title = refusalOf(() => parseValue(body, { title: "" }, "body"));
    expect(title.toJSON()).toEqual({
      error: { code: "invalid-argument", message: "title: title needs some text", details: { field: "title" } },
    });
    expect(refusalOf(() => parseValue(body, { title: "x", tags: ["ok", "long"] }, "body")).details).toEqual({ field: "tags.1" });
  });

  it("names the value itself, and no field, when the problem is the whole of it", () => {
    const whole = refusalOf(() => parseValue(body, { title: "nothing" }, "body"));
    expect(whole.message).toBe("body: Nothing to change.");
    expect(whole.details).toBeUndefined();
    expect(refusalOf(() => parseValue(body, "text", "body")).toJSON().error).not.toHaveProperty("details");
  });
});

describe.each(testEngines)("a refusal of the edge's validation on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "1000" });
  });
  afterAll(() => t.dispose());

  it("carries the field it is about in details.field, for a body and for a query", async () => {
    const cookie = await signUp(t.app, `edge-${engine}@example.vn`);
    const titled = await call(t.app, "/api/notes", { cookie, body: { title: "   ", body: "x" } });
    expect(titled.status).toBe(400);
    expect((await titled.json()).error).toEqual({
      code: "invalid-argument",
      message: "title: title needs some text",
      details: { field: "title" },
    });
    const searched = await call(t.app, `/api/notes?q=${"a".repeat(101)}`, { cookie });
    expect(searched.status).toBe(400);
    expect((await searched.json()).error).toMatchObject({ code: "invalid-argument", details: { field: "q" } });
  });
});
