import { afterEach, describe, expect, it } from "vitest";
import { formatDate } from "../i18n/format.ts";
import { LOCAL_TIME_GLOBAL, LOCAL_TIME_SLOT, localTimeBootScript, localTimeCallScript, writeLocalTime } from "./local-time.ts";

/** As much of a span as `writeLocalTime` reads and writes. */
function span(at: number, language: string) {
  const attributes: Record<string, string> = {
    "data-local-at": String(at),
    "data-local-lang": language,
    "data-local-text": ` · ${LOCAL_TIME_SLOT} giờ của bạn`,
  };
  return { textContent: "", getAttribute: (name: string) => attributes[name] ?? null };
}

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const instants = [
  Date.UTC(2026, 11, 31, 3, 0), // 10:00 on 31 December in game time
  Date.UTC(2026, 2, 29, 0, 30), // the night Paris moves to summer time
  Date.UTC(2026, 10, 1, 16, 59), // midnight just ahead in game time
  Date.UTC(2027, 0, 1, 12, 5), // noon in London, a new year
];

describe("writeLocalTime", () => {
  it.each(["Europe/Paris", "America/New_York", "UTC", "Asia/Tokyo"])(
    "writes the reader's time in %s exactly as formatDate does, in both languages",
    (timeZone) => {
      process.env.TZ = timeZone;
      for (const at of instants)
        for (const language of ["vi", "en-US"]) {
          const element = span(at, language);
          writeLocalTime(element as unknown as HTMLElement);
          expect(element.textContent).toBe(` · ${formatDate(at, language, { date: "short", time: "short", local: true })} giờ của bạn`);
        }
    },
  );

  it("writes nothing for a reader in the game's own zone, or for a span without a moment", () => {
    process.env.TZ = "Asia/Ho_Chi_Minh";
    const element = span(instants[0]!, "vi");
    element.textContent = "left over";
    writeLocalTime(element as unknown as HTMLElement);
    expect(element.textContent).toBe("");
    process.env.TZ = "Europe/Paris";
    const empty = span(Number.NaN, "vi");
    writeLocalTime(empty as unknown as HTMLElement);
    expect(empty.textContent).toBe("");
  });

  it("works as the inline scripts run it: defined by the head's script, called on the span before the call", () => {
    process.env.TZ = "Europe/Paris";
    const window: Record<string, unknown> = {};
    new Function("window", localTimeBootScript)(window);
    const element = span(instants[0]!, "en-US");
    const document = { currentScript: { previousElementSibling: element } };
    new Function("window", "document", LOCAL_TIME_GLOBAL, localTimeCallScript)(window, document, window[LOCAL_TIME_GLOBAL]);
    expect(element.textContent).toBe(" · 12/31/26, 4:00 AM giờ của bạn");
  });
});
