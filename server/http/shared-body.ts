/**
 * Bodies many requests share: compressed once per encoding when first asked for, then sent as bytes.
 * The `compress()` middleware compresses each response as a stream, again for every request; a body
 * kept for a few seconds and read hundreds of times (an item's market, `server/offers/market-cache.ts`)
 * is compressed here once instead. The render cache uses `preferredEncoding` for its pages.
 */
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";

/** The encodings bodies are kept in, the preferred first (the render cache keeps its pages in each). */
export const ENCODINGS = ["br", "gzip", "identity"] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** The encoding to send: brotli, else gzip, when the client accepts it (q > 0), else the bytes as they are. */
export function preferredEncoding(acceptEncoding: string | null | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...parameters] = part.split(";");
    const quality = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("q="));
    weights.set(name.trim().toLowerCase(), quality === undefined ? 1 : Number(quality.slice(2)) || 0);
  }
  const weight = (encoding: string) => weights.get(encoding) ?? weights.get("*") ?? 0;
  const brotli = weight("br");
  const gzipped = weight("gzip");
  if (brotli > 0 && brotli >= gzipped) return "br";
  if (gzipped > 0) return "gzip";
  return "identity";
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Brotli's quality for a body kept seconds, not a build: fast, still smaller than gzip. */
const SHARED_BROTLI_QUALITY = 5;
/** Below this, compressing costs more than it saves (as `compress()`'s threshold). */
export const COMPRESS_FROM_BYTES = 1024;

export interface EncodedBytes {
  bytes: Uint8Array<ArrayBuffer>;
  /** What the bytes are in: a small body stays as it is whatever was asked. */
  encoding: Encoding;
}

export interface SharedBody {
  readonly contentType: string;
  /** The body in `encoding`, compressed on the first call for it. */
  bytes(encoding: Encoding): Promise<EncodedBytes>;
}

/** `bytes` in `encoding` (brotli at `brotliQuality`; gzip at its default level), off the main thread. */
export async function compressed(
  bytes: Uint8Array,
  encoding: Exclude<Encoding, "identity">,
  brotliQuality = SHARED_BROTLI_QUALITY,
): Promise<Uint8Array<ArrayBuffer>> {
  const out = await (encoding === "br"
    ? brotliAsync(bytes, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: brotliQuality,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
        },
      })
    : gzipAsync(bytes));
  return new Uint8Array(out);
}

export function sharedJson(value: unknown): SharedBody {
  const identity: EncodedBytes = { bytes: Buffer.from(JSON.stringify(value), "utf8"), encoding: "identity" };
  const encoded = new Map<Encoding, Promise<EncodedBytes>>();
  return {
    contentType: "application/json",
    bytes(encoding) {
      if (encoding === "identity" || identity.bytes.byteLength < COMPRESS_FROM_BYTES) return Promise.resolve(identity);
      let found = encoded.get(encoding);
      if (!found) {
        found = compressed(identity.bytes, encoding).then((bytes) => ({ bytes, encoding }));
        encoded.set(encoding, found);
      }
      return found;
    },
  };
}

/** A response with the shared body in the encoding the request prefers (the middleware leaves it be). */
export async function sharedResponse(request: Request, body: SharedBody, status = 200): Promise<Response> {
  const { bytes, encoding } = await body.bytes(preferredEncoding(request.headers.get("accept-encoding")));
  const headers = new Headers({ "Content-Type": body.contentType, "Content-Length": String(bytes.byteLength), Vary: "Accept-Encoding" });
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  return new Response(bytes, { status, headers });
}
