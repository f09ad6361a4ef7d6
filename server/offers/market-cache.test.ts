import { describe, expect, it } from "vitest";
import { createHub } from "../realtime/hub.ts";
import { createMarketCache } from "./market-cache.ts";
import { bookTopic } from "./offer-topic.ts";

function counter() {
  let loads = 0;
  return {
    load: async () => ++loads,
    get loads() {
      return loads;
    },
  };
}

const change = (itemId: string) => ({ type: "offer-book" as const, topic: bookTopic(itemId), offerId: 1, offer: null });

describe("the market cache", () => {
  it("keeps a value per item and key until it is stale", async () => {
    let time = 1_000;
    const cache = createMarketCache(createHub(), { ttlMs: 5_000, now: () => time });
    const book = counter();
    expect(await cache.read("iron-ore", "sell", book.load)).toBe(1);
    time += 4_999;
    expect(await cache.read("iron-ore", "sell", book.load)).toBe(1);
    expect(await cache.read("iron-ore", "buy", book.load)).toBe(2);
    expect(await cache.read("beast-hide", "sell", book.load)).toBe(3);
    time += 1;
    expect(await cache.read("iron-ore", "sell", book.load)).toBe(4);
  });

  it("keeps a value no later than the end it names", async () => {
    let time = 1_000;
    const cache = createMarketCache(createHub(), { ttlMs: 5_000, now: () => time });
    let loads = 0;
    const book = async () => ({ loads: ++loads, endsAt: 3_000 });
    const endsAt = (value: { endsAt: number }) => value.endsAt;
    expect((await cache.read("iron-ore", "sell", book, endsAt)).loads).toBe(1);
    time = 2_999;
    expect((await cache.read("iron-ore", "sell", book, endsAt)).loads).toBe(1);
    time = 3_000;
    expect((await cache.read("iron-ore", "sell", book, endsAt)).loads).toBe(2);
  });

  it("drops an item's values the moment its book topic hears of a change, and only that item's", async () => {
    const hub = createHub();
    const cache = createMarketCache(hub);
    const book = counter();
    await cache.read("iron-ore", "sell", book.load);
    await cache.read("beast-hide", "sell", book.load);
    hub.publish(change("iron-ore"));
    expect(await cache.read("iron-ore", "sell", book.load)).toBe(3);
    expect(await cache.read("beast-hide", "sell", book.load)).toBe(2);
  });

  it("shares one load among concurrent reads, and does not keep a load overtaken by a change", async () => {
    const hub = createHub();
    const cache = createMarketCache(hub);
    let release: (value: string) => void = () => {};
    let loads = 0;
    const slow = () => {
      loads += 1;
      return new Promise<string>((resolve) => {
        release = resolve;
      });
    };
    const first = cache.read("iron-ore", "sell", slow);
    const second = cache.read("iron-ore", "sell", slow);
    expect(loads).toBe(1);
    hub.publish(change("iron-ore"));
    release("before the change");
    expect(await Promise.all([first, second])).toEqual(["before the change", "before the change"]);
    expect(await cache.read("iron-ore", "sell", async () => "after the change")).toBe("after the change");
  });

  it("does not keep a failed load", async () => {
    const cache = createMarketCache(createHub());
    await expect(cache.read("iron-ore", "sell", async () => Promise.reject(new Error("database away")))).rejects.toThrow("database away");
    expect(await cache.read("iron-ore", "sell", async () => "back")).toBe("back");
  });

  it("keeps at most its number of items, dropping the one read longest ago, and stops listening to it", async () => {
    const hub = createHub();
    const cache = createMarketCache(hub, { maxItems: 2 });
    const book = counter();
    await cache.read("a", "sell", book.load);
    await cache.read("b", "sell", book.load);
    expect(await cache.read("a", "sell", book.load)).toBe(1);
    await cache.read("c", "sell", book.load);
    // "b" was read longest ago: dropped; "a" and "c" are kept.
    expect(await cache.read("a", "sell", book.load)).toBe(1);
    expect(await cache.read("c", "sell", book.load)).toBe(3);
    expect(await cache.read("b", "sell", book.load)).toBe(4);
    cache.clear();
    expect(await cache.read("a", "sell", book.load)).toBe(5);
  });

  it("keeps at most its number of values per item, however many keys the queries make up", async () => {
    const cache = createMarketCache(createHub(), { maxKeys: 3 });
    const book = counter();
    for (const server of ["s1", "s2", "s3", "s4"]) await cache.read("iron-ore", `sell:${server}`, book.load);
    expect(await cache.read("iron-ore", "sell:s4", book.load)).toBe(4);
    expect(await cache.read("iron-ore", "sell:s2", book.load)).toBe(2);
    expect(await cache.read("iron-ore", "sell:s1", book.load)).toBe(5);
  });

  it("loads every time when its time is zero", async () => {
    const cache = createMarketCache(createHub(), { ttlMs: 0 });
    const book = counter();
    await cache.read("iron-ore", "sell", book.load);
    expect(await cache.read("iron-ore", "sell", book.load)).toBe(2);
  });
});
