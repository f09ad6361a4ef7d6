/**
 * The server-side render cache of public reference pages ("prerendered" pages, rendered once per
 * content version). Entries are keyed by build, content checksum, language and URL, so a deploy
 * or an admin's content change makes new keys and old entries age out; only anonymous renders
 * are ever stored (see `page-delivery.ts`). Bounded by bytes, least recently used out first.
 */
import type { Language } from "../../app/shared/i18n/languages.ts";

export interface CachedRender {
  status: number;
  headers: [string, string][];
  html: string;
  /** The CSP nonce the HTML was rendered with; every answer swaps in its own. */
  nonce: string;
  /** Loader data by route id (the page's `_payload.json`). */
  loaderData: Record<string, unknown>;
  storedAt: number;
}

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

/** Rough size: UTF-16 strings, counted once. */
function sizeOf(entry: CachedRender): number {
  return entry.html.length * 2 + JSON.stringify(entry.loaderData).length * 2 + 512;
}

export class RenderCache {
  readonly #entries = new Map<string, { entry: CachedRender; size: number }>();
  readonly #inFlight = new Map<string, Promise<CachedRender>>();
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
  get(key: string, now: number, maxAgeMs?: number): CachedRender | undefined {
    const found = this.#entries.get(key);
    if (!found) return undefined;
    if (maxAgeMs !== undefined && now - found.entry.storedAt >= maxAgeMs) {
      this.#delete(key);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order.
    this.#entries.delete(key);
    this.#entries.set(key, found);
    return found.entry;
  }

  set(key: string, entry: CachedRender): void {
    const size = sizeOf(entry);
    if (size > this.#maxBytes) return;
    this.#delete(key);
    this.#entries.set(key, { entry, size });
    this.#bytes += size;
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#delete(oldest);
    }
  }

  /**
   * The cached render, or a new one from `render()` (stored when `storable` says so); concurrent
   * misses of one key share one render. `hit` says whether the answer came from the cache.
   */
  async getOrRender(
    key: string,
    now: number,
    maxAgeMs: number | undefined,
    render: () => Promise<CachedRender>,
    storable: (entry: CachedRender) => boolean,
  ): Promise<{ entry: CachedRender; hit: boolean }> {
    const cached = this.get(key, now, maxAgeMs);
    if (cached) return { entry: cached, hit: true };
    let pending = this.#inFlight.get(key);
    if (!pending) {
      pending = render().then((entry) => {
        if (storable(entry)) this.set(key, entry);
        return entry;
      });
      this.#inFlight.set(key, pending);
      void pending.finally(() => this.#inFlight.delete(key)).catch(() => undefined);
    }
    return { entry: await pending, hit: false };
  }

  #delete(key: string): void {
    const found = this.#entries.get(key);
    if (!found) return;
    this.#entries.delete(key);
    this.#bytes -= found.size;
  }
}
