const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * A message with its `{{name}}` placeholders filled from `values` (not escaped: React escapes; a
 * plain island sets text), a missing value left out. A module of its own, without the translator, so
 * that a plain island (decision 038) formats its few messages as the translator does.
 */
export function interpolate(message: string, values: Readonly<Record<string, unknown>> | undefined): string {
  if (!message.includes("{{")) return message;
  return message.replace(PLACEHOLDER, (_match, name: string) => {
    const value = values?.[name];
    return value === undefined || value === null ? "" : String(value as string | number);
  });
}
