/** Small helpers shared by the demo generators. */
export type L = { vi: string; en: string };

/** A localized text: Vietnamese first, as the app is. */
export const t = (vi: string, en: string): L => ({ vi, en });

/** Joins markdown lines written as an array (keeps long bodies readable in the source). */
export const md = (...lines: string[]): string => lines.join("\n");
