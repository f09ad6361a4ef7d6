/** The content editor's forms come from the pack's schemas: every kind reads into fields, and a new entry starts from them. */
import { describe, expect, it } from "vitest";
import { PACK_KINDS, PACK_KIND_NAMES } from "./pack-schema.ts";
import { describeSchema, emptyValue, referenceKind, type FieldNode } from "./schema-form.ts";

const fieldOf = (node: FieldNode, key: string) => (node.type === "object" ? node.fields.find((field) => field.key === key) : undefined);

describe("schema-driven forms", () => {
  it("reads every kind's entry schema into fields, none of them left as raw JSON", () => {
    const raw: string[] = [];
    const walk = (node: FieldNode, path: string) => {
      if (node.type === "json") raw.push(path);
      if (node.type === "object") for (const field of node.fields) walk(field.node, `${path}.${field.key}`);
      if (node.type === "list") walk(node.element, `${path}[]`);
      if (node.type === "nullable") walk(node.inner, path);
      if (node.type === "variants") for (const option of node.options) walk(option.node, `${path}<${option.value}>`);
    };
    for (const kind of PACK_KIND_NAMES) walk(describeSchema(PACK_KINDS[kind].entry), kind);
    expect(raw).toEqual([]);
  });

  it("knows texts, ids, numbers, choices, lists, nullable numbers and the schedule's variants", () => {
    const item = describeSchema(PACK_KINDS.items.entry);
    expect(fieldOf(item, "id")?.node).toEqual({ type: "text", multiline: false, id: true, format: null });
    expect(fieldOf(item, "name")?.node).toMatchObject({ type: "object", fields: [{ key: "vi" }, { key: "en" }] });
    expect(fieldOf(item, "description")?.node).toMatchObject({ type: "object", fields: [{ node: { type: "text", multiline: true } }, {}] });
    expect(fieldOf(item, "rarity")?.node).toEqual({ type: "choice", options: ["common", "uncommon", "rare", "epic", "legendary"] });
    expect(fieldOf(item, "level")?.node).toEqual({ type: "number", integer: true });
    expect(fieldOf(item, "tags")?.node.type).toBe("list");
    expect(fieldOf(describeSchema(PACK_KINDS.levels.entry), "xpToNext")?.node).toEqual({
      type: "nullable",
      inner: { type: "number", integer: true },
    });
    const schedule = fieldOf(describeSchema(PACK_KINDS.events.entry), "schedule")?.node;
    expect(schedule).toMatchObject({ type: "variants", discriminator: "type" });
    expect(schedule?.type === "variants" && schedule.options.map((option) => option.value)).toEqual([
      "daily",
      "weekly",
      "relative",
      "fixed",
    ]);
  });

  it("starts a new entry with what each field must have, and the schema then names what is still missing", () => {
    const empty = emptyValue(describeSchema(PACK_KINDS.items.entry)) as Record<string, unknown>;
    expect(empty).toMatchObject({ id: "", name: { vi: "", en: "" }, rarity: "common" });
    const result = PACK_KINDS.items.entry.safeParse(empty);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain("id");
  });

  it("points id fields at their kind by name", () => {
    expect(referenceKind("item")).toBe("items");
    expect(referenceKind("runeSets")).toBe("runeSets");
    expect(referenceKind("set")).toBe("runeSets");
    expect(referenceKind("quantity")).toBeNull();
  });
});
