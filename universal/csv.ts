/**
 * CSV as every export writes it (RFC 4180: commas, quotes doubled, CRLF). A cell a spreadsheet would
 * run as a formula (`=`, `+`, `-`, `@`, a tab or a carriage return first) is written with a leading
 * `'`, which reading drops; a cell with spaces around it is quoted so that they survive.
 */
const FORMULA = /^[=+\-@\t\r]/;

/**
 * What a downloaded file starts with: the UTF-8 byte order mark, without which Excel on Windows reads
 * the file in the system's code page and garbles every Vietnamese letter. Reading (`parseCsv`) drops it.
 */
export const CSV_BOM = "\uFEFF";

export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (typeof value === "string" && FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, with its line end. */
export function csvLine(values: readonly (string | number | boolean | null | undefined)[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** The records of a CSV text; a quote left open ends the text as one more cell. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let value = "";
  let quoted = false;
  const source = text.replace(/^\uFEFF/, "");
  for (let index = 0; index < source.length; index++) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        value += '"';
        index++;
      } else if (char === '"') quoted = false;
      else value += char;
    } else if (char === '"' && value === "") quoted = true;
    else if (char === ",") {
      record.push(value);
      value = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && source[index + 1] === "\n") index++;
      record.push(value);
      records.push(record);
      record = [];
      value = "";
    } else value += char;
  }
  if (value !== "" || record.length > 0) {
    record.push(value);
    records.push(record);
  }
  return records.filter((each) => each.some((field) => field.trim() !== ""));
}
