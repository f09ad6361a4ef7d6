import { describe, expect, it } from "vitest";
import enBag from "../../../locales/en-US/bag.json" with { type: "json" };
import enCommon from "../../../locales/en-US/common.json" with { type: "json" };
import enNotes from "../../../locales/en-US/notes.json" with { type: "json" };
import viBag from "../../../locales/vi/bag.json" with { type: "json" };
import viCommon from "../../../locales/vi/common.json" with { type: "json" };
import viOffers from "../../../locales/vi/offers.json" with { type: "json" };
import viTax from "../../../locales/vi/tax.json" with { type: "json" };
import { Translator } from "../i18n/translator.ts";
import type { ApiRefusal } from "./json-api.ts";
import { refusalText, type RefusalWords } from "./refusal-text.ts";

const refusal = (status: number, code: string, details: ApiRefusal["details"] = {}, message = "server words"): ApiRefusal => ({
  ok: false,
  status,
  code,
  message,
  details,
});

const bagWords: RefusalWords = {
  reasons: { item: "errors.item" },
  fields: { itemId: "errors.item", quantity: "errors.quantity", note: "errors.note" },
  invalid: "errors.invalid",
  values: { max: 9999, length: 200 },
};

describe("refusalText", () => {
  const viBagT = new Translator("vi", { bag: viBag, common: viCommon }).bind("bag");
  const enBagT = new Translator("en-US", { bag: enBag, common: enCommon }).bind("bag");

  it("words a 400 by the field it is about, in the reader's language, never by the server's English", () => {
    const quantity = refusal(400, "invalid-argument", { field: "quantity" }, "note: this English is not read");
    expect(refusalText(viBagT, quantity, bagWords)).toBe(viBag.errors.quantity.replace("{{max}}", "9999"));
    expect(refusalText(enBagT, quantity, bagWords)).toBe(enBag.errors.quantity.replace("{{max}}", "9999"));
    expect(refusalText(enBagT, refusal(400, "invalid-argument", { field: "note" }), bagWords)).toBe(
      enBag.errors.note.replace("{{length}}", "200"),
    );
  });

  it("reads a field's path by its first name (the third tag is the tags field)", () => {
    const t = new Translator("en-US", { notes: enNotes }).bind("notes");
    const words: RefusalWords = { fields: { tags: "errors.tags" }, invalid: "errors.invalid", values: { count: 10, length: 30 } };
    expect(refusalText(t, refusal(400, "invalid-argument", { field: "tags.2" }), words)).toBe(
      enNotes.errors.tags.replace("{{count}}", "10").replace("{{length}}", "30"),
    );
    expect(refusalText(t, refusal(400, "invalid-argument", { field: "tag" }), words)).toBe(enNotes.errors.invalid);
    expect(refusalText(t, refusal(400, "invalid-argument"), words)).toBe(enNotes.errors.invalid);
  });

  it("puts the refusal's reason before its field, and a reached limit before either", () => {
    expect(refusalText(viBagT, refusal(400, "invalid-argument", { reason: "item", field: "quantity" }), bagWords)).toBe(viBag.errors.item);
    const quota = refusal(409, "quota-exceeded", { reason: "quota", quota: "bag-entries", limit: 5000 });
    expect(refusalText(viBagT, quota, bagWords, "vi")).toContain("5.000");
  });

  it("words the common codes in the feature's namespace, a feature's own codes over them, and anything else generically", () => {
    const t = new Translator("vi", { tax: viTax }).bind("tax");
    const words: RefusalWords = { reasons: { rate: "errors.rate" }, fields: { rateId: "errors.rate" }, invalid: "errors.invalid" };
    expect(refusalText(t, refusal(404, "not-found"), words)).toBe(viTax.errors.notFound);
    expect(refusalText(t, refusal(401, "unauthenticated"), words)).toBe(viTax.errors.signIn);
    expect(refusalText(t, refusal(403, "permission-denied"), words)).toBe(viTax.errors.forbidden);
    expect(refusalText(t, refusal(503, "unavailable"), words)).toBe(viTax.errors.busy);
    expect(refusalText(t, refusal(0, "network"), words)).toBe(viTax.errors.network);
    expect(refusalText(t, refusal(500, "internal"), words)).toBe(viTax.errors.generic);
    expect(refusalText(t, refusal(409, "conflict"), { ...words, codes: { conflict: "errors.offer" } })).toBe(viTax.errors.offer);
    expect(refusalText(t, refusal(400, "invalid-argument", { field: "rateId" }), words)).toBe(viTax.errors.rate);
    expect(refusalText(t, refusal(400, "invalid-argument"), { ...words, invalid: undefined })).toBe(viTax.errors.generic);
  });

  it("takes a reason's words from a prefix where the namespace has them, and the code's where it has not", () => {
    const t = new Translator("vi", { offers: viOffers }).bind("offers");
    const words: RefusalWords = { reasons: "errors.reasons.", codes: { "invalid-argument": "errors.invalid" } };
    expect(refusalText(t, refusal(409, "conflict", { reason: "already" }), words)).toBe(viOffers.errors.reasons.already);
    expect(refusalText(t, refusal(400, "invalid-argument", { reason: "no-words-for-this" }), words)).toBe(viOffers.errors.invalid);
  });

  it("chooses values by the key it words", () => {
    const t = new Translator("en-US", { notes: enNotes }).bind("notes");
    const words: RefusalWords = {
      fields: { title: "errors.title", body: "errors.body" },
      values: (key) => ({ max: key === "errors.body" ? 20000 : 120 }),
    };
    expect(refusalText(t, refusal(400, "invalid-argument", { field: "title" }), words)).toBe(
      enNotes.errors.title.replace("{{max}}", "120"),
    );
    expect(refusalText(t, refusal(400, "invalid-argument", { field: "body" }), words)).toBe(
      enNotes.errors.body.replace("{{max}}", "20000"),
    );
  });
});
