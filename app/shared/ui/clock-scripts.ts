/**
 * The page's clocks, written by the head's script as the page is parsed rather than by React islands.
 *
 * **The reader's own time beside a game time** (UTC+7). The server cannot know the reader's zone, so a
 * game time leaves an empty `<span data-local-at>` after its text, and `writeLocalTime` fills it before
 * the line is painted: a reader outside UTC+7 never sees the line grow and push the page down (a layout
 * shift at hydration, which the page had), and the text needs no React root of its own (decision 029).
 *
 * **A countdown** ("2 ngày 03:04:05") is a `<time data-countdown-to>` with the server's text, which
 * `startCountdown` writes by the reader's clock before it is painted (a cached page may be a minute old)
 * and every second after, all of a page's countdowns on one timer.
 *
 * The head's script (`clockBootScript`) defines both functions and writes every clock the parser has read
 * before each frame while the page loads (`writeClocksBeforeEachFrame`): one pass per frame for all of a
 * page's clocks, where an inline call after each clock made the parser stop and run a script per row (50
 * on a member's notes, each a task on a phone; decision 053). A page shown in place writes its clocks
 * as it is shown (`writeClocks`), and a clock React renders later calls the same function from a layout
 * effect. Each function is inlined as source text (`Function.prototype.toString`), so it must not refer
 * to anything outside its own body; what they write is held by tests to what `formatDate` and the
 * translator write.
 */

/**
 * Writes " · 03:00 31/12/26 giờ của bạn" (`data-local-text` with the reader's time) into `element`, or
 * nothing in UTC+7. With `data-local-only`, the element holds the game time itself, and the reader's
 * time replaces it (the text is the time alone), or it stays as it is in UTC+7, where the two are one.
 * `data-local-style="medium"` writes the date as `formatDate`'s medium style ("31 thg 12, 2026"), and
 * `data-local-style="time"` the time of day alone ("03:00", a chat message's).
 */
export function writeLocalTime(element: HTMLElement): void {
  const at = Number(element.getAttribute("data-local-at"));
  const offset = new Date(at).getTimezoneOffset();
  let text = "";
  if (at > 0 && offset !== -420) {
    const wall = new Date(at - offset * 60_000);
    const fullYear = wall.getUTCFullYear();
    const year = String(fullYear % 100).padStart(2, "0");
    const month = wall.getUTCMonth() + 1;
    const day = wall.getUTCDate();
    const hour = wall.getUTCHours();
    const minute = String(wall.getUTCMinutes()).padStart(2, "0");
    const style = element.getAttribute("data-local-style");
    const medium = style === "medium";
    const en = element.getAttribute("data-local-lang") === "en-US";
    const clock = en
      ? `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? "AM" : "PM"}`
      : `${String(hour).padStart(2, "0")}:${minute}`;
    const time =
      style === "time"
        ? clock
        : en
          ? `${medium ? `${"JanFebMarAprMayJunJulAugSepOctNovDec".slice(month * 3 - 3, month * 3)} ${day}, ${fullYear}` : `${month}/${day}/${year}`}, ${clock}`
          : `${clock} ${medium ? `${day} thg ${month}, ${fullYear}` : `${day}/${month}/${year}`}`;
    text = (element.getAttribute("data-local-text") ?? "{time}").replace("{time}", time);
  } else if (element.getAttribute("data-local-only") !== null) return;
  if (element.textContent !== text) element.textContent = text;
}

/**
 * Writes the time left until `data-countdown-to` into `element`, and keeps every countdown started this
 * way ticking on one timer, once a second, while it is in the document.
 */
export function startCountdown(element: HTMLElement): void {
  const state = window as unknown as { __minithingsCountdowns?: { elements: HTMLElement[]; timer?: number } };
  const clocks = (state.__minithingsCountdowns ??= { elements: [] });
  const write = (clock: HTMLElement) => {
    const left = Math.max(0, Math.floor((Number(clock.getAttribute("data-countdown-to")) - Date.now()) / 1000));
    const days = Math.floor(left / 86_400);
    const two = (value: number) => String(value).padStart(2, "0");
    const time = `${two(Math.floor((left % 86_400) / 3600))}:${two(Math.floor((left % 3600) / 60))}:${two(left % 60)}`;
    const template = clock.getAttribute(days === 1 ? "data-countdown-day" : "data-countdown-days") ?? "";
    const text = days > 0 ? `${template.replace("{n}", String(days))} ${time}` : time;
    if (clock.textContent !== text) clock.textContent = text;
  };
  write(element);
  if (!clocks.elements.includes(element)) clocks.elements.push(element);
  clocks.timer ??= window.setInterval(() => {
    clocks.elements = clocks.elements.filter((clock) => clock.isConnected);
    clocks.elements.forEach(write);
    if (clocks.elements.length === 0) {
      window.clearInterval(clocks.timer);
      clocks.timer = undefined;
    }
  }, 1000);
}

/**
 * Writes, before each frame while the page is parsed, each clock the parser has read since the frame
 * before, and in the first frame after the parse the clocks read last. A frame's animation callbacks run
 * before it is painted, so no frame shows a clock unwritten, however the parser yields (a page opened in
 * the background writes them in its first frame, when it is shown). It names the globals by their text, as
 * it is inlined like the functions above (a test holds the names to `LOCAL_TIME_GLOBAL` and `COUNTDOWN_GLOBAL`).
 */
export function writeClocksBeforeEachFrame(): void {
  const clocks = window as unknown as Record<string, ((element: HTMLElement) => void) | undefined>;
  // Each clock once: a room's 50 message times would otherwise be read and formatted again every frame.
  const written = new WeakSet<Element>();
  const write = (element: HTMLElement, by: ((element: HTMLElement) => void) | undefined) => {
    if (written.has(element)) return;
    written.add(element);
    by?.(element);
  };
  const pass = () => {
    document.querySelectorAll<HTMLElement>("[data-local-at]").forEach((element) => write(element, clocks.__minithingsLocalTime));
    document.querySelectorAll<HTMLElement>("[data-countdown-to]").forEach((element) => write(element, clocks.__minithingsCountdown));
    if (document.readyState === "loading") requestAnimationFrame(pass);
  };
  requestAnimationFrame(pass);
}

/** Writes every clock under `root` now, and keeps its countdowns ticking: a page shown in place (decision 044), before it is. */
export function writeClocks(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>("[data-local-at]")) writeLocalTime(element);
  for (const element of root.querySelectorAll<HTMLElement>("[data-countdown-to]")) startCountdown(element);
}

/**
 * The attributes that make `writeLocalTime` replace a member's moment, written in game time, by the
 * reader's time (`data-local-only`): `ReaderTime`'s, and a room's server-rendered message times (`time`,
 * the time of day alone).
 */
export function readerTimeAttributes(at: number, language: string, style: "short" | "medium" | "time"): Record<string, string> {
  return { "data-local-at": String(at), "data-local-lang": language, "data-local-style": style, "data-local-only": "" };
}

/** The globals the head's script defines and names. */
export const LOCAL_TIME_GLOBAL = "__minithingsLocalTime";
export const COUNTDOWN_GLOBAL = "__minithingsCountdown";

/** Defines the clock functions and writes the clocks as the page loads; in the head of every page, beside the theme's script. */
export const clockBootScript = `window.${LOCAL_TIME_GLOBAL}=${writeLocalTime.toString()};window.${COUNTDOWN_GLOBAL}=${startCountdown.toString()};window.requestAnimationFrame&&(${writeClocksBeforeEachFrame.toString()})()`;

/** Where `data-local-text` puts the formatted time, and a countdown's day templates the number of days: tokens no translation contains. */
export const LOCAL_TIME_SLOT = "{time}";
export const DAYS_SLOT = "{n}";
