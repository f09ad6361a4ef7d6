/**
 * The server-side render cache of public reference pages ("prerendered" pages, rendered once per
 * content version). Entries are keyed by build, content checksum, language and URL, so a deploy
 * or an admin's content change makes new keys and old entries age out; only anonymous renders
 * are ever stored (see `page-delivery.ts`). An entry holds the page's final bytes, the same for
 * every visitor, already compressed: answering it costs about what a static file costs. Bounded by
 * bytes, least recently used out first.
 */
import type { Language } from "../../universal/i18n/languages.ts";
import { ENCODINGS, type Encoding } from "../http/shared-body.ts";

export interface EncodedBody {
  bytes: Uint8Array<ArrayBuffer>;
  /** Strong: these exact bytes (each encoding has its own tag). */
  etag: string;
}

/** A page as every anonymous visitor gets it. */
export interface CachedPage {
  contentType: string;
  /** CSP sources (`'sha256-…'`) of the page's own inline scripts: its bytes carry no nonce. */
  scriptHashes: readonly string[];
  bodies: Record<Encoding, EncodedBody>;
  /** Loader data by route id (the page's `_payload.json`). */
  loaderData: Record<string, unknown>;
  storedAt: number;
}

/** A render that is not kept (not a 200, or it sets a cookie): answered to the requests that waited for it, then dropped. */
export interface UncachedRender {
  status: number;
  headers: [string, string][];
  html: string;
  /** The CSP nonce the HTML was rendered with; every answer swaps in its own. */
  nonce: string;
  loaderData: Record<string, unknown>;
}

export type RenderOutcome = { page: CachedPage } | { uncached: UncachedRender };

export interface RenderKey {
  buildId: string;
  contentVersion: string;
  language: Language;
  /** Path and normalized query. */
  url: string;
}

export function renderKey({ buildId, contentVersion, language, url }: RenderKey): string {
  return `${buildId}\u0000${contentVersion}\u0000${language}\u0000${url}`;
}

/** Rough size: the bodies, and the loader data as UTF-16 JSON. */
function sizeOf(page: CachedPage): number {
  const bodies = ENCODINGS.reduce((sum, encoding) => sum + page.bodies[encoding].bytes.byteLength, 0);
  return bodies + JSON.stringify(page.loaderData).length * 2 + 512;
}

export class RenderCache {
  readonly #entries = new Map<string, { page: CachedPage; size: number }>();
  readonly #inFlight = new Map<string, Promise<RenderOutcome>>();
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** A fresh entry, or undefined; an entry older than `maxAgeMs` is dropped. */
  get(key: string, now: number, maxAgeMs?: number): CachedPage | undefined {
    const found = this.#entries.get(key);
    if (!found) return undefined;
    if (maxAgeMs !== undefined && now - found.page.storedAt >= maxAgeMs) {
      this.#delete(key);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order.
    this.#entries.delete(key);
    this.#entries.set(key, found);
    return found.page;
  }

  set(key: string, page: CachedPage): void {
    const size = sizeOf(page);
    if (size > this.#maxBytes) return;
    this.#delete(key);
    this.#entries.set(key, { page, size });
    this.#bytes += size;
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#delete(oldest);
    }
  }

  /**
   * The cached page, or what `render()` gives (a page is stored, an uncached render is not);
   * concurrent misses of one key share one render. `hit` says whether the answer came from the cache.
   */
  async getOrRender(
    key: string,
    now: number,
    maxAgeMs: number | undefined,
    render: () => Promise<RenderOutcome>,
  ): Promise<{ outcome: RenderOutcome; hit: boolean }> {
    const cached = this.get(key, now, maxAgeMs);
    if (cached) return { outcome: { page: cached }, hit: true };
    let pending = this.#inFlight.get(key);
    if (!pending) {
      pending = render().then((outcome) => {
        if ("page" in outcome) this.set(key, outcome.page);
        return outcome;
      });
      this.#inFlight.set(key, pending);
      void pending.finally(() => this.#inFlight.delete(key)).catch(() => undefined);
    }
    return { outcome: await pending, hit: false };
  }

  #delete(key: string): void {
    const found = this.#entries.get(key);
    if (!found) return;
    this.#entries.delete(key);
    this.#bytes -= found.size;
  }
}
