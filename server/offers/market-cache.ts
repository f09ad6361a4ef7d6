/**
 * An item's public market, kept for a few seconds in each process: the two sides of its book and its
 * price history, as a visitor reads them on the item page (decision 020). A busy item is visited far
 * more often than its book changes, and each book side costs the database several statements. An
 * entry is dropped the moment its item's book topic (`offers:{itemId}`) hears of a change, from this
 * process or another one (the hub's bus), and in any case after `MARKET_CACHE_MS`: what the book
 * shows beside an offer (the trader's presence and record) may change without a book event.
 *
 * A value holding an offer is kept no later than the offer's end. A load that was under way when
 * the change came is not kept: the entry it belongs to is dropped with the change, so the next read
 * loads again. Concurrent reads of one entry share one load.
 */
import type { RealtimeHub } from "../realtime/hub.ts";
import { bookTopic } from "./offer-topic.ts";

export const MARKET_CACHE_MS = 5_000;
/** The items kept at once; past it, the least recently read is dropped. */
export const MARKET_CACHE_ITEMS = 500;
/**
 * The values kept per item (a book side per server, the two price ranges…); past it, the oldest is
 * dropped. A query can name any server or page size, so without a bound one item's keys would grow
 * with every made-up one.
 */
export const MARKET_CACHE_KEYS = 16;

interface Kept {
  /** Loaded again from this time on: `MARKET_CACHE_MS` after the load, or earlier if the value says so. */
  until: number;
  value: Promise<unknown>;
}

interface ItemEntry {
  values: Map<string, Kept>;
  stopListening: () => void;
}

export interface MarketCache {
  /**
   * `load()`'s value for the item and key, loaded again after a change to the item's book or once
   * stale; `endsAt` tells when a value stops being true of itself (an offer in it ends).
   */
  read<T>(itemId: string, key: string, load: () => Promise<T>, endsAt?: (value: T) => number): Promise<T>;
  /** Stops listening to every item's topic. */
  clear(): void;
}

export function createMarketCache(
  hub: RealtimeHub,
  {
    ttlMs = MARKET_CACHE_MS,
    maxItems = MARKET_CACHE_ITEMS,
    maxKeys = MARKET_CACHE_KEYS,
    now = Date.now,
  }: { ttlMs?: number; maxItems?: number; maxKeys?: number; now?: () => number } = {},
): MarketCache {
  const items = new Map<string, ItemEntry>();

  const drop = (itemId: string) => {
    const entry = items.get(itemId);
    if (!entry) return;
    items.delete(itemId);
    entry.stopListening();
  };

  const dropAll = () => {
    for (const itemId of [...items.keys()]) drop(itemId);
  };
  // A move another process announced while the bus was away: nothing kept is trusted.
  const stopGaps = hub.onGap(dropAll);

  const itemEntry = (itemId: string): ItemEntry => {
    const found = items.get(itemId);
    if (found) {
      // Read again: it moves to the end of the map's order, the last to be dropped.
      items.delete(itemId);
      items.set(itemId, found);
      return found;
    }
    const entry: ItemEntry = { values: new Map(), stopListening: hub.listen(bookTopic(itemId), () => drop(itemId)) };
    items.set(itemId, entry);
    // Maps keep insertion order: the first key is the item read longest ago.
    for (const oldest of items.keys()) {
      if (items.size <= maxItems) break;
      drop(oldest);
    }
    return entry;
  };

  return {
    read<T>(itemId: string, key: string, load: () => Promise<T>, endsAt?: (value: T) => number): Promise<T> {
      if (ttlMs <= 0) return load();
      const entry = itemEntry(itemId);
      const time = now();
      const found = entry.values.get(key);
      if (found && time < found.until) return found.value as Promise<T>;
      const value = load();
      const kept: Kept = { until: time + ttlMs, value };
      entry.values.delete(key);
      entry.values.set(key, kept);
      for (const oldest of entry.values.keys()) {
        if (entry.values.size <= maxKeys) break;
        entry.values.delete(oldest);
      }
      value.then(
        (loaded) => {
          if (endsAt) kept.until = Math.min(kept.until, endsAt(loaded));
        },
        // A failed load is not kept: the next read tries again.
        () => {
          if (entry.values.get(key) === kept) entry.values.delete(key);
        },
      );
      return value;
    },
    clear() {
      stopGaps();
      dropAll();
    },
  };
}
