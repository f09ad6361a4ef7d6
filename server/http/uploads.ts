/**
 * Reading a request that carries files (`multipart/form-data`), after the route has decided the
 * member may send it (ASVS 12.1.1, 4.4-style abuse limits):
 * - the body is read only when the handler asks (`readMultipartForm`), so the route checks who is
 *   asking and their limits (rate, quota) first and refuses without reading a byte of the files;
 * - it is capped at what the route takes (its files at their largest and a little for the fields):
 *   a declared `Content-Length` past the cap is refused at once, and a body without one (chunked),
 *   or one that runs longer, is refused as it crosses the cap, before the rest is buffered;
 * - one account has at most `UPLOADS_IN_FLIGHT_MAX` uploads being read or decoded at once.
 */
import { AppError } from "../errors.ts";
import type { AppContext } from "./context.ts";

/** Uploads one account may have in flight at once (being read, decoded or stored). */
export const UPLOADS_IN_FLIGHT_MAX = 2;

/**
 * Uploads in flight per account, in this process. Per process is enough for what it protects (this
 * process's memory and cores); with several processes an account could have two in each.
 */
const inFlight = new Map<string, number>();

/** Uploads `uid` has in flight now (for tests). */
export function uploadsInFlight(uid: string): number {
  return inFlight.get(uid) ?? 0;
}

/** Runs `task` as one of `uid`'s uploads in flight; a third at once is refused (429) before anything is read. */
export async function withUploadSlot<T>(uid: string, task: () => Promise<T>): Promise<T> {
  const running = inFlight.get(uid) ?? 0;
  if (running >= UPLOADS_IN_FLIGHT_MAX)
    throw new AppError("resource-exhausted", `At most ${UPLOADS_IN_FLIGHT_MAX} uploads at once. Wait for one to finish.`, {
      reason: "uploads-in-flight",
      limit: UPLOADS_IN_FLIGHT_MAX,
      retryAfter: 1,
    });
  inFlight.set(uid, running + 1);
  try {
    return await task();
  } finally {
    const left = (inFlight.get(uid) ?? 1) - 1;
    if (left > 0) inFlight.set(uid, left);
    else inFlight.delete(uid);
  }
}

export const isMultipart = (c: AppContext): boolean => (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");

/**
 * The request body, at most `maxBytes`: past it, `tooLarge()` is thrown as soon as that is known
 * (from `Content-Length` before reading, else while reading, the rest left unread).
 */
export async function readCappedBody(c: AppContext, maxBytes: number, tooLarge: () => AppError): Promise<Uint8Array<ArrayBuffer>> {
  const declared = c.req.header("content-length");
  if (declared !== undefined && Number(declared) > maxBytes) throw tooLarge();
  const body = c.req.raw.body;
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * A multipart form read under the route's cap: its text fields (each once) and its files named
 * `fileField` (any other file, or a field twice, is refused). `what` names the thing in the errors.
 */
export async function readMultipartForm(
  c: AppContext,
  options: { maxBytes: number; fileField: string; what: string; tooLarge: () => AppError },
): Promise<{ fields: Record<string, string>; files: File[] }> {
  const bytes = await readCappedBody(c, options.maxBytes, options.tooLarge);
  const form = await new Response(bytes, { headers: { "content-type": c.req.header("content-type") ?? "" } }).formData().catch(() => {
    throw new AppError("invalid-argument", `Send the ${options.what} as JSON or as multipart/form-data.`);
  });
  const fields: Record<string, string> = {};
  const files: File[] = [];
  for (const [name, value] of form.entries()) {
    if (name === options.fileField && value instanceof File) files.push(value);
    else if (typeof value === "string" && !(name in fields)) fields[name] = value;
    else throw new AppError("invalid-argument", `${name}: unexpected field.`, { field: name });
  }
  // What JSON bodies are refused for (json-guards.ts): PostgreSQL stores no U+0000.
  if (Object.values(fields).some((value) => value.includes("\u0000") || !value.isWellFormed()))
    throw new AppError("invalid-argument", "The fields must not contain U+0000 or an unpaired surrogate.");
  return { fields, files };
}
