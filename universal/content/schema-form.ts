/**
 * The content editor's forms, generated from the pack's own Zod schemas (issue 44): `describeSchema`
 * reads a kind's entry schema into a tree of fields (objects, texts, numbers, choices, lists, the
 * event schedule's variants…), `emptyValue` gives a new entry's starting value, and `referenceKind`
 * says which kind an id field points at (the form offers that kind's ids). What a form sends is
 * checked by the same schema on both sides.
 */
import type { z } from "zod";
import { PACK_KIND_NAMES, id as idSchema, type PackKind } from "./pack-schema.ts";

export type FieldNode =
  | { type: "object"; fields: { key: string; node: FieldNode; optional: boolean }[] }
  | { type: "text"; multiline: boolean; id: boolean; format: "datetime" | null }
  | { type: "number"; integer: boolean }
  | { type: "boolean" }
  | { type: "choice"; options: string[] }
  | { type: "literal"; value: string | number | boolean }
  | { type: "list"; element: FieldNode }
  | { type: "variants"; discriminator: string; options: { value: string; node: FieldNode }[] }
  | { type: "nullable"; inner: FieldNode }
  | { type: "json" };

interface ZodInternals {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, z.ZodType>;
      innerType?: z.ZodType;
      element?: z.ZodType;
      entries?: Record<string, string>;
      values?: unknown[];
      options?: z.ZodType[];
      discriminator?: string;
    };
    bag?: { format?: string };
  };
}

const MULTILINE_KEYS = new Set(["description", "summary", "body", "text", "notes"]);

/** A schema as a tree of form fields (`key`: the field's name, for the multi-line texts). */
export function describeSchema(schema: z.ZodType, key = ""): FieldNode {
  const internals = schema as unknown as ZodInternals;
  const def = internals._zod.def;
  switch (def.type) {
    case "object":
      return {
        type: "object",
        fields: Object.entries(def.shape ?? {}).map(([name, child]) => {
          const optional = (child as unknown as ZodInternals)._zod.def.type === "optional";
          const inner = optional ? ((child as unknown as ZodInternals)._zod.def.innerType as z.ZodType) : child;
          // A localized text's languages are as long as the text they translate (`description.vi`).
          return { key: name, node: describeSchema(inner, name === "vi" || name === "en" ? key : name), optional };
        }),
      };
    case "string":
      return {
        type: "text",
        multiline: MULTILINE_KEYS.has(key),
        id: schema === (idSchema as z.ZodType),
        format: internals._zod.bag?.format === "datetime" ? "datetime" : null,
      };
    case "number":
      return { type: "number", integer: (schema as unknown as { isInt?: boolean }).isInt === true };
    case "boolean":
      return { type: "boolean" };
    case "enum":
      return { type: "choice", options: Object.values(def.entries ?? {}) };
    case "literal":
      return { type: "literal", value: def.values?.[0] as string | number | boolean };
    case "array":
      return { type: "list", element: describeSchema(def.element as z.ZodType, key) };
    case "nullable":
      return { type: "nullable", inner: describeSchema(def.innerType as z.ZodType, key) };
    case "optional":
    case "default":
    case "readonly":
      return describeSchema(def.innerType as z.ZodType, key);
    case "union": {
      const options = (def.options ?? []).map((option) => describeSchema(option, key));
      const discriminator = def.discriminator;
      if (discriminator && options.every((option) => option.type === "object")) {
        return {
          type: "variants",
          discriminator,
          options: options.map((option) => {
            const tag = (option as Extract<FieldNode, { type: "object" }>).fields.find((field) => field.key === discriminator)?.node;
            return { value: String(tag?.type === "literal" ? tag.value : ""), node: option };
          }),
        };
      }
      return { type: "json" };
    }
    default:
      return { type: "json" };
  }
}

/** A new value of a field: empty texts, zero numbers, the first choice, no list items, optional fields left out. */
export function emptyValue(node: FieldNode): unknown {
  switch (node.type) {
    case "object":
      return Object.fromEntries(node.fields.filter((field) => !field.optional).map((field) => [field.key, emptyValue(field.node)]));
    case "text":
      return "";
    case "number":
      return 0;
    case "boolean":
      return false;
    case "choice":
      return node.options[0] ?? "";
    case "literal":
      return node.value;
    case "list":
      return [];
    case "variants":
      return node.options[0] ? emptyValue(node.options[0].node) : {};
    case "nullable":
      return null;
    case "json":
      return null;
  }
}

const SINGULAR: Record<string, PackKind> = {
  item: "items",
  class: "classes",
  recipe: "recipes",
  mount: "mounts",
  pet: "pets",
  rune: "runes",
  runeSet: "runeSets",
  set: "runeSets",
  talisman: "talismans",
  season: "seasons",
  event: "events",
  guide: "guides",
  rule: "rules",
  district: "districts",
  manor: "manors",
  server: "servers",
};

/** A kind's collection name, as the API names it (`runeSets` → `rune-sets`). */
export function collectionOf(kind: PackKind): string {
  return kind.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** The kind an id field by this name points at (`item`, `inputs[].item`, `recommended.runeSets`), or null. */
export function referenceKind(key: string): PackKind | null {
  if ((PACK_KIND_NAMES as string[]).includes(key)) return key as PackKind;
  return SINGULAR[key] ?? null;
}
