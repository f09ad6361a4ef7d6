/**
 * What every uPlot chart shares (the price history, the tax ledger): the site's series colours, axes
 * in the theme's own colours, compact numbers in the reader's language, and a redraw when the theme
 * changes, whether the reader switched it (the class on `<html>`) or the system's scheme changed.
 */
import { useEffect, useState } from "react";

export const SERIES_COLORS = { brand: "#f15a22", second: "#225cf1" } as const;

/** A number that rises whenever the page's colours change: a chart's effect lists it to draw again. */
export function useThemeRevision(): number {
  const [revision, setRevision] = useState(0);
  useEffect(() => {
    const bump = () => setRevision((value) => value + 1);
    const watch = new MutationObserver(bump);
    watch.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    const scheme = window.matchMedia?.("(prefers-color-scheme: dark)");
    scheme?.addEventListener("change", bump);
    return () => {
      watch.disconnect();
      scheme?.removeEventListener("change", bump);
    };
  }, []);
  return revision;
}

/** An axis drawn in the theme's muted text and line colours, read from the chart's box. */
export function themedAxis(element: HTMLElement) {
  const style = getComputedStyle(element);
  const muted = style.getPropertyValue("--fg-muted").trim() || "#4a5361";
  const grid = style.getPropertyValue("--line").trim() || "#d5d9e0";
  return { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
}

/** 1,2 N / 1.2K: axis labels that fit a phone. */
export function compactNumber(language: string): Intl.NumberFormat {
  return new Intl.NumberFormat(language === "en-US" ? "en-US" : "vi-VN", { notation: "compact", maximumFractionDigits: 1 });
}

/** Keeps a chart the size of its box; the function returned stops that and removes the chart (an effect's cleanup). */
export function keepSized(
  chart: { setSize(size: { width: number; height: number }): void; destroy(): void },
  element: HTMLElement,
): () => void {
  const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: element.clientHeight }));
  resize.observe(element);
  return () => {
    resize.disconnect();
    chart.destroy();
  };
}
