import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY = '<link rel="modulepreload" fetchpriority="low"';

/**
 * React Router's `<Scripts>` preloads every module a page needs at high priority and offers no way to
 * change it. The modules are deferred: they never hold up the first paint of the server-rendered page.
 * Fetched at low priority, they leave a slow link to the page's fonts and pictures first, and the page
 * is still interactive as soon as they arrive. This rewrites the tags as the HTML streams out; a tag
 * split between two chunks is caught by holding back the end of each chunk that could begin one, and
 * a character split between two chunks by decoding the bytes as one stream.
 */
export function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = held + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const rewritten = text.replaceAll(PRELOAD, LOW_PRIORITY);
      const keep = partialTagLength(rewritten);
      held = rewritten.slice(rewritten.length - keep);
      callback(null, rewritten.slice(0, rewritten.length - keep));
    },
    flush(callback) {
      callback(null, held + decoder.end());
    },
  });
}

/** How many characters at the end of `text` could be the start of a preload tag still to come. */
function partialTagLength(text: string): number {
  for (let length = Math.min(PRELOAD.length - 1, text.length); length > 0; length--) {
    if (PRELOAD.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
