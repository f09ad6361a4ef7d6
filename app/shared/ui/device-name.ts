/** "Chrome · Android" from a user-agent string: enough to recognise one's own devices. */
export function deviceName(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const browser =
    [
      [/Edg\//, "Edge"],
      [/OPR\/|Opera/, "Opera"],
      [/SamsungBrowser/, "Samsung Internet"],
      [/CocCoc|coc_coc/i, "Cốc Cốc"],
      [/Firefox\//, "Firefox"],
      [/HeadlessChrome/, "Chrome (headless)"],
      [/Chrome\//, "Chrome"],
      [/Safari\//, "Safari"],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? null;
  const system =
    [
      [/Android/, "Android"],
      [/iPhone|iPad|iPod/, "iOS"],
      [/Windows/, "Windows"],
      [/Mac OS X|Macintosh/, "macOS"],
      [/CrOS/, "ChromeOS"],
      [/Linux/, "Linux"],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? null;
  return [browser, system].filter(Boolean).join(" · ") || null;
}
