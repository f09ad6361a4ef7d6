import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const HEAD_END = "</head>";

/**
 * Writes `markup()` just before the document's `</head>` as the HTML streams out. `markup` is read when
 * the end of the head passes, so it may name what the page's render collected (the page is rendered
 * whole before the first byte is sent). A `</head>` split between two chunks is caught by holding back
 * the end of each chunk that could begin one.
 */
export function insertBeforeHeadEnd(markup: () => string): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  let done = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = held + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      held = "";
      if (done) return callback(null, text);
      const at = text.indexOf(HEAD_END);
      if (at !== -1) {
        done = true;
        return callback(null, text.slice(0, at) + markup() + text.slice(at));
      }
      const keep = endThatCouldBegin(text, HEAD_END);
      held = text.slice(text.length - keep);
      callback(null, text.slice(0, text.length - keep));
    },
    flush(callback) {
      callback(null, held + decoder.end());
    },
  });
}

/** How many characters at the end of `text` could begin `token` (held back until the next chunk). */
export function endThatCouldBegin(text: string, token: string): number {
  for (let length = Math.min(token.length - 1, text.length); length > 0; length--) {
    if (token.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
