/**
 * The canonical text of a pack file: 2-space JSON with a trailing newline, laid out exactly as
 * Prettier (printWidth 140, the repo's setting) lays it out, so that the committed demo files,
 * `prettier --write` and `writePack` all agree byte for byte. Prettier keeps objects expanded
 * when they are written expanded, and puts an array of primitives on one line when it fits.
 */
const PRINT_WIDTH = 140;
const INDENT = "  ";

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export function toCanonicalJson(value: unknown): string {
  return `${printValue(value as Json, "", 0)}\n`;
}

/**
 * `prefixWidth`: what precedes the value on its line after the indentation (`"key": `);
 * `suffixWidth`: what follows it (a comma) — both count toward the line's width.
 */
function printValue(value: Json, indent: string, prefixWidth: number, suffixWidth = 0): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return printArray(value, indent, prefixWidth, suffixWidth);
  return printObject(value, indent);
}

function printObject(value: { [key: string]: Json }, indent: string): string {
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return "{}";
  const inner = indent + INDENT;
  const lines = entries.map(([key, v], i) => {
    const keyText = `${JSON.stringify(key)}: `;
    const comma = i < entries.length - 1 ? 1 : 0;
    return `${inner}${keyText}${printValue(v, inner, textWidth(keyText), comma)}${comma ? "," : ""}`;
  });
  return `{\n${lines.join("\n")}\n${indent}}`;
}

function printArray(value: Json[], indent: string, prefixWidth: number, suffixWidth: number): string {
  if (value.length === 0) return "[]";
  const allPrimitive = value.every((v) => v === null || typeof v !== "object");
  if (allPrimitive) {
    const flat = `[${value.map((v) => JSON.stringify(v)).join(", ")}]`;
    if (textWidth(indent) + prefixWidth + textWidth(flat) + suffixWidth <= PRINT_WIDTH) return flat;
  }
  const inner = indent + INDENT;
  const lines = value.map((v, i) => {
    const comma = i < value.length - 1 ? 1 : 0;
    return `${inner}${printValue(v, inner, 0, comma)}${comma ? "," : ""}`;
  });
  return `[\n${lines.join("\n")}\n${indent}]`;
}

/** Display width as Prettier measures it: combining marks take no column. */
function textWidth(text: string): number {
  let width = 0;
  for (const char of text) if (!/\p{M}/u.test(char)) width += 1;
  return width;
}
