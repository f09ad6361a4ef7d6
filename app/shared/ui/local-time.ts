/**
 * The reader's own time beside a game time (UTC+7), written into the page before it is first painted.
 *
 * The server cannot know the reader's zone, so a game time leaves an empty `<span data-local-at>` after
 * its text and an inline call of `writeLocalTime` right after it, defined once in the head
 * (`localTimeBootScript`). The parser runs that call as soon as it has read the span, before the line
 * is painted: a reader outside UTC+7 never sees the line grow and push the page down (a layout shift at
 * hydration, which the page had), and the text needs no React root of its own. A game time that React
 * renders in the browser later (a client navigation) calls the same function from an effect.
 *
 * `writeLocalTime` is inlined as source text (`Function.prototype.toString`), so it must not refer to
 * anything outside its own body. Its output is exactly `formatDate(at, language, { date: "short",
 * time: "short", local: true })` inside the span's `data-local-text` (a test holds it to that).
 */
export function writeLocalTime(element: HTMLElement): void {
  const at = Number(element.getAttribute("data-local-at"));
  const offset = new Date(at).getTimezoneOffset();
  let text = "";
  if (at > 0 && offset !== -420) {
    const wall = new Date(at - offset * 60_000);
    const year = String(wall.getUTCFullYear() % 100).padStart(2, "0");
    const month = wall.getUTCMonth() + 1;
    const day = wall.getUTCDate();
    const hour = wall.getUTCHours();
    const minute = String(wall.getUTCMinutes()).padStart(2, "0");
    const time =
      element.getAttribute("data-local-lang") === "en-US"
        ? `${month}/${day}/${year}, ${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? "AM" : "PM"}`
        : `${String(hour).padStart(2, "0")}:${minute} ${day}/${month}/${year}`;
    text = (element.getAttribute("data-local-text") ?? "").replace("{time}", time);
  }
  if (element.textContent !== text) element.textContent = text;
}

/** The global the head's script defines, which each game time's inline call uses. */
export const LOCAL_TIME_GLOBAL = "__minithingsLocalTime";

/** Defines `writeLocalTime` for the inline calls; in the head of every page, beside the theme's script. */
export const localTimeBootScript = `window.${LOCAL_TIME_GLOBAL}=${writeLocalTime.toString()}`;

/** The inline call after each game time's span: the same text everywhere, so a cached page names it by one hash. */
export const localTimeCallScript = `window.${LOCAL_TIME_GLOBAL}&&${LOCAL_TIME_GLOBAL}(document.currentScript.previousElementSibling)`;

/** Where `data-local-text` puts the formatted time: a token no translation contains. */
export const LOCAL_TIME_SLOT = "{time}";
