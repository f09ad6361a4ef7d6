import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const css = readFileSync(join(import.meta.dirname, "../../app/app.css"), "utf8");

function block(selector: string): Record<string, string> {
  const match = new RegExp(`${selector.replace(".", "\\.")}\\s*\\{([^}]*)\\}`).exec(css);
  if (!match?.[1]) throw new Error(`no ${selector} block in app.css`);
  return Object.fromEntries([...match[1].matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})/g)].map((m) => [m[1], m[2]]));
}

function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const BRAND = "#F15A22";

describe.each([
  ["MinithingsLight", ":root"],
  ["MinithingsDark", ".dark"],
])("%s colours", (_theme, selector) => {
  const colours = block(selector);
  const pairs: [string, string][] = [
    ["fg", "bg"],
    ["fg", "surface"],
    ["fg", "surface-muted"],
    ["fg-muted", "bg"],
    ["fg-muted", "surface"],
    ["fg-muted", "surface-muted"],
    ["accent", "bg"],
    ["accent", "surface"],
    ["link", "bg"],
    ["link", "surface"],
    ["fg", "accent-soft"],
  ];
  it.each(pairs)("%s on %s meets WCAG AA (4.5:1)", (text, background) => {
    expect(contrast(colours[text] ?? "", colours[background] ?? "")).toBeGreaterThanOrEqual(4.5);
  });
  it("text on the brand colour meets WCAG AA", () => {
    expect(contrast(colours["on-brand"] ?? "", BRAND)).toBeGreaterThanOrEqual(4.5);
  });
});

describe("spec colours", () => {
  it("keeps the spec's backgrounds and brand colours", () => {
    expect(block(":root").bg).toBe("#f0f2f5");
    expect(block(".dark").bg).toBe("#121212");
    expect(css).toContain("--color-brand: #f15a22");
    expect(css).toContain("--color-brand-secondary: #225cf1");
  });
  it("defines exactly the spec's breakpoints", () => {
    const breakpoints = [...css.matchAll(/--breakpoint-(\w+):\s*([\w]+);/g)].map((m) => `${m[1]}=${m[2]}`);
    expect(breakpoints).toEqual(["sm=600px", "md=960px", "lg=1280px", "xl=1920px", "xxl=2560px"]);
    expect(css).toContain("--breakpoint-*: initial");
  });
});
