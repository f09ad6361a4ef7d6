/**
 * Just enough MIME to read what nodemailer sends: headers, quoted-printable and base64 bodies,
 * RFC 2047 encoded words, and multipart walked down to its text parts. Shared by the SMTP
 * integration test and the end-to-end mail sink (plain Node: erasable TypeScript only).
 */

/** The headers (names lower-cased, folded lines joined) and the body of one MIME entity. */
export function splitHeaders(entity: string): { headers: Map<string, string>; body: string } {
  const end = entity.search(/\r?\n\r?\n/);
  const head = end === -1 ? entity : entity.slice(0, end);
  const body = end === -1 ? "" : entity.slice(end).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Quoted-printable to bytes: soft line breaks dropped, `=XX` decoded. */
export function decodeQuotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  const unfolded = text.replace(/=\r?\n/g, "");
  for (let index = 0; index < unfolded.length; index++) {
    const hex = unfolded.slice(index + 1, index + 3);
    if (unfolded[index] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else bytes.push(unfolded.charCodeAt(index) & 0xff);
  }
  return Buffer.from(bytes);
}

/** A body in its transfer encoding (the raw message read as latin1) to UTF-8 text. */
export function decodeBody(body: string, transferEncoding = "7bit"): string {
  const encoding = transferEncoding.toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body).toString("utf8");
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return Buffer.from(body, "latin1").toString("utf8");
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=` / `=?UTF-8?B?...?=`), as nodemailer writes the subject. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_word, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")).toString("utf8"),
    );
}

/** The decoded parts of a message by content type (`text/plain`, `text/html`), multipart walked. */
export function textParts(entity: string, out = new Map<string, string>()): Map<string, string> {
  const { headers, body } = splitHeaders(entity);
  const contentType = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      textParts(section.replace(/^\r?\n/, ""), out);
    }
  } else {
    out.set(contentType.split(";")[0]!.trim().toLowerCase(), decodeBody(body, headers.get("content-transfer-encoding")));
  }
  return out;
}
