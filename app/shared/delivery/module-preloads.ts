import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { ENTRY_PRELOAD_ATTRIBUTE } from "../islands/entry-after-paint.ts";
import { endThatCouldBegin } from "../page/head-insert.ts";

const PRELOAD = '<link rel="modulepreload"';
const PRELOAD_TAG = /<link rel="modulepreload"[^>]*>/g;

/** React Router's preloads go; an islands document's own (`ENTRY_PRELOAD_ATTRIBUTE`, decision 040) stay. */
const strip = (text: string) => text.replace(PRELOAD_TAG, (tag) => (tag.includes(` ${ENTRY_PRELOAD_ATTRIBUTE}`) ? tag : ""));

/**
 * React Router's `<Scripts>` preloads every module a page needs, and React hoists those preloads into
 * the `<head>`: the browser then fetches, compiles and may run the page's scripts while it is still
 * parsing and laying out the page, before its first paint. Without them the modules are found by the
 * bootstrap script at the end of the body, once the page is parsed: the first paint comes first, and
 * on the calibrated phone the page's LCP fell from 2.3 to 1.0 s and its blocking time halved, with
 * time to interactive unchanged (decision 021). This removes the tags as the HTML streams out (all but an
 * islands document's own, `ENTRY_PRELOAD_ATTRIBUTE`: a few kilobytes, decision 040); a tag
 * split between two chunks is caught by holding back the end of each chunk that could begin one, and
 * a character split between two chunks by decoding the bytes as one stream.
 */
export function withoutModulePreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = held + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const keep = partialTagLength(text);
      held = text.slice(text.length - keep);
      callback(null, strip(text.slice(0, text.length - keep)));
    },
    flush(callback) {
      callback(null, strip(held + decoder.end()));
    },
  });
}

/**
 * How many characters at the end of `text` could belong to a preload tag not yet closed: from the
 * last `<link rel="modulepreload"` without its `>`, or the longest end that could begin one.
 */
function partialTagLength(text: string): number {
  const open = text.lastIndexOf(PRELOAD);
  if (open !== -1 && !text.includes(">", open)) return text.length - open;
  return endThatCouldBegin(text, PRELOAD);
}
