import { afterEach, describe, expect, it, vi } from "vitest";
import { formatDate } from "../i18n/format.ts";
import { Translator } from "../i18n/translator.ts";
import viCommon from "../../../locales/vi/common.json" with { type: "json" };
import enCommon from "../../../locales/en-US/common.json" with { type: "json" };
import {
  clockBootScript,
  COUNTDOWN_GLOBAL,
  DAYS_SLOT,
  LOCAL_TIME_GLOBAL,
  LOCAL_TIME_SLOT,
  startCountdown,
  writeClocks,
  writeClocksBeforeEachFrame,
  writeLocalTime,
} from "./clock-scripts.ts";
import { countdownText, dayTemplates } from "./countdown.tsx";

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

  it("replaces a member's moment (data-local-only) by the reader's time, in the medium style too, and leaves it in UTC+7", () => {
    const moment = (at: number, language: string, style: "short" | "medium") => {
      const attributes: Record<string, string> = {
        "data-local-at": String(at),
        "data-local-lang": language,
        "data-local-style": style,
        "data-local-only": "",
      };
      return {
        textContent: formatDate(at, language, { date: style, time: "short" }),
        getAttribute: (name: string) => attributes[name] ?? null,
      };
    };
    for (const timeZone of ["Europe/Paris", "America/New_York", "UTC"]) {
      process.env.TZ = timeZone;
      for (const at of instants)
        for (const language of ["vi", "en-US"])
          for (const style of ["short", "medium"] as const) {
            const element = moment(at, language, style);
            writeLocalTime(element as unknown as HTMLElement);
            expect(element.textContent).toBe(formatDate(at, language, { date: style, time: "short", local: true }));
          }
    }
    process.env.TZ = "Asia/Ho_Chi_Minh";
    const element = moment(instants[0]!, "vi", "medium");
    writeLocalTime(element as unknown as HTMLElement);
    expect(element.textContent).toBe("10:00 31 thg 12, 2026");
  });

  it("writes a chat message's time of day alone (data-local-style=time) as formatDate does, and leaves it in UTC+7", () => {
    const message = (at: number, language: string) => {
      const attributes: Record<string, string> = {
        "data-local-at": String(at),
        "data-local-lang": language,
        "data-local-style": "time",
        "data-local-only": "",
      };
      return { textContent: formatDate(at, language, { time: "short" }), getAttribute: (name: string) => attributes[name] ?? null };
    };
    for (const timeZone of ["Europe/Paris", "America/New_York", "UTC", "Asia/Tokyo", "Asia/Ho_Chi_Minh"]) {
      process.env.TZ = timeZone;
      for (const at of instants)
        for (const language of ["vi", "en-US"]) {
          const element = message(at, language);
          writeLocalTime(element as unknown as HTMLElement);
          expect(element.textContent).toBe(formatDate(at, language, { time: "short", local: true }));
        }
    }
  });

  it("is the function the head's script defines, for the clocks it writes before each frame", () => {
    process.env.TZ = "Europe/Paris";
    const window: Record<string, unknown> = {};
    new Function("window", clockBootScript)(window);
    const element = span(instants[0]!, "en-US");
    (window[LOCAL_TIME_GLOBAL] as (element: unknown) => void)(element);
    expect(element.textContent).toBe(" · 12/31/26, 4:00 AM giờ của bạn");
  });
});

/** As much of a `<time data-countdown-to>` as `startCountdown` reads and writes. */
function clock(to: number, day = `${DAYS_SLOT} day`, days = `${DAYS_SLOT} days`) {
  const attributes: Record<string, string> = { "data-countdown-to": String(to), "data-countdown-day": day, "data-countdown-days": days };
  return { textContent: "", isConnected: true, getAttribute: (name: string) => attributes[name] ?? null };
}

describe("startCountdown", () => {
  afterEach(() => {
    // The spy on the fake `setInterval` goes first: restored after the real timers (the shared setup's
    // restoreAllMocks), it would put the fake back for the next file in the worker, whose intervals never fire.
    vi.restoreAllMocks();
    vi.useRealTimers();
    delete (globalThis as { window?: unknown }).window;
  });

  it("writes the time left at once, ticks every second on one timer, and stops when its countdowns leave the page", () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 12, 0, 0) });
    (globalThis as { window?: unknown }).window = globalThis;
    const setInterval = vi.spyOn(globalThis, "setInterval");
    const soon = clock(Date.now() + 65_000);
    const later = clock(Date.now() + 2 * 86_400_000 + 3_723_000);
    const tomorrow = clock(Date.now() + 86_400_000 + 5_000);
    for (const each of [soon, later, tomorrow]) startCountdown(each as unknown as HTMLElement);
    expect([soon.textContent, later.textContent, tomorrow.textContent]).toEqual(["00:01:05", "2 days 01:02:03", "1 day 00:00:05"]);
    expect(setInterval).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect([soon.textContent, later.textContent]).toEqual(["00:01:04", "2 days 01:02:02"]);
    vi.advanceTimersByTime(70_000);
    expect(soon.textContent).toBe("00:00:00");
    for (const each of [soon, later, tomorrow]) each.isConnected = false;
    vi.advanceTimersByTime(1_000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("is the function the head defines", () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 12, 0, 0) });
    const window: Record<string, unknown> = { setInterval, clearInterval };
    new Function("window", clockBootScript)(window);
    const element = clock(Date.now() + 10_000);
    (window[COUNTDOWN_GLOBAL] as (element: unknown) => void)(element);
    expect(element.textContent).toBe("00:00:10");
  });

  it.each([
    ["vi", viCommon, "1 ngày", "3 ngày"],
    ["en-US", enCommon, "1 day", "3 days"],
  ])("writes in %s what the server wrote, with the day wordings the countdown gives it", (language, messages, one, three) => {
    const t = new Translator(language as "vi" | "en-US", { common: messages }).bind("common");
    const days = (count: number) => t("time.days", { count });
    const { day, manyDays } = dayTemplates(days);
    expect(day).toContain(DAYS_SLOT);
    expect(manyDays).toContain(DAYS_SLOT);
    vi.useFakeTimers({ now: 0 });
    (globalThis as { window?: unknown }).window = globalThis;
    for (const left of [0, 59, 3_600, 86_399, 86_400, 3 * 86_400, 3 * 86_400 + 3_723, 400 * 86_400 + 1]) {
      const element = clock(left * 1000, day, manyDays);
      startCountdown(element as unknown as HTMLElement);
      expect(element.textContent).toBe(countdownText(left, days));
    }
    expect(countdownText(86_400, days)).toBe(`${one} 00:00:00`);
    expect(countdownText(3 * 86_400, days)).toBe(`${three} 00:00:00`);
  });
});

describe("writeClocksBeforeEachFrame", () => {
  it("writes, before each frame while the page is parsed, the clocks read so far, by the globals the head defines", () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 12, 0, 0) });
    process.env.TZ = "Europe/Paris";
    const frames: (() => void)[] = [];
    const parsed: ReturnType<typeof span>[] = [];
    const document = {
      readyState: "loading",
      querySelectorAll: (selector: string) => (selector === "[data-local-at]" ? parsed : []),
    };
    const window: Record<string, unknown> = { requestAnimationFrame: (callback: () => void) => frames.push(callback) };
    new Function("window", "document", "requestAnimationFrame", clockBootScript)(window, document, window.requestAnimationFrame);
    expect(Object.keys(window)).toEqual(expect.arrayContaining([LOCAL_TIME_GLOBAL, COUNTDOWN_GLOBAL]));
    parsed.push(span(instants[0]!, "vi"));
    frames.shift()!();
    expect(parsed[0]!.textContent).toBe(" · 04:00 31/12/26 giờ của bạn");
    parsed.push(span(instants[3]!, "vi"));
    // A clock written in an earlier frame is not written again (a room's 50 message times, every frame).
    parsed[0]!.textContent = "kept";
    document.readyState = "interactive";
    frames.shift()!();
    expect(parsed[1]!.textContent).toBe(" · 13:05 1/1/27 giờ của bạn");
    expect(parsed[0]!.textContent).toBe("kept");
    // Parsed: no more frames are asked for (a page shown in place and React write the clocks from here on).
    expect(frames).toEqual([]);
    vi.useRealTimers();
  });

  it("names the globals as the head defines them", () => {
    expect(writeClocksBeforeEachFrame.toString()).toContain(LOCAL_TIME_GLOBAL);
    expect(writeClocksBeforeEachFrame.toString()).toContain(COUNTDOWN_GLOBAL);
  });
});

describe("writeClocks", () => {
  afterEach(() => {
    vi.useRealTimers();
    delete (globalThis as { window?: unknown }).window;
  });

  it("writes every reader's time and countdown under a page shown in place, before it is shown", () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 12, 0, 0) });
    (globalThis as { window?: unknown }).window = globalThis;
    // The countdowns' timer of an earlier test, which real timers no longer run.
    delete (globalThis as { __minithingsCountdowns?: unknown }).__minithingsCountdowns;
    process.env.TZ = "Europe/Paris";
    const times = [span(instants[0]!, "vi"), span(instants[3]!, "vi")];
    const countdown = clock(Date.now() + 65_000);
    const root = {
      querySelectorAll: (selector: string) =>
        selector === "[data-local-at]" ? times : selector === "[data-countdown-to]" ? [countdown] : [],
    };
    writeClocks(root as unknown as ParentNode);
    expect(times.map((time) => time.textContent)).toEqual([" · 04:00 31/12/26 giờ của bạn", " · 13:05 1/1/27 giờ của bạn"]);
    expect(countdown.textContent).toBe("00:01:05");
    vi.advanceTimersByTime(1_000);
    expect(countdown.textContent).toBe("00:01:04");
    countdown.isConnected = false;
    vi.advanceTimersByTime(1_000);
  });
});
