import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadPack } from "./load-pack.ts";
import type { ContentPack, GameEvent } from "../../universal/content/pack-schema.ts";
import { currentSeason, gameDayStart, gameWeekStart, nextSeason, resolveEvents } from "./schedule.ts";

let demo: ContentPack;
beforeAll(async () => {
  demo = await loadPack(join(import.meta.dirname, "../../content/demo"));
});

const at = (iso: string) => new Date(iso);
const resolvedOf = (id: string, now: Date) => resolveEvents(demo.events, now).find((e) => e.event.id === id)!;

describe("game time", () => {
  it("starts the game day at 00:00 UTC+7", () => {
    expect(new Date(gameDayStart(at("2026-11-22T23:30:00+07:00"))).toISOString()).toBe("2026-11-21T17:00:00.000Z");
    expect(new Date(gameDayStart(at("2026-11-22T00:10:00+07:00"))).toISOString()).toBe("2026-11-21T17:00:00.000Z");
  });

  it("starts the game week on Monday 00:00 UTC+7", () => {
    // 2026-11-22 is a Sunday: its week began on Monday 16 November.
    expect(new Date(gameWeekStart(at("2026-11-22T12:00:00+07:00"))).toISOString()).toBe("2026-11-15T17:00:00.000Z");
    expect(new Date(gameWeekStart(at("2026-11-23T00:00:00+07:00"))).toISOString()).toBe("2026-11-22T17:00:00.000Z");
  });
});

describe("resolveEvents on the demo pack", () => {
  const moments = [
    "2026-11-22T12:30:00+07:00",
    "2026-11-22T03:00:00+07:00",
    "2026-11-25T21:15:00+07:00",
    "2026-12-19T20:00:00+07:00",
    "2027-02-01T08:00:00+07:00",
    "2027-07-14T23:59:00+07:00",
  ];

  it.each(moments)("has some running and some upcoming events at %s", (iso) => {
    const resolved = resolveEvents(demo.events, at(iso));
    expect(resolved.filter((e) => e.status === "running").length).toBeGreaterThanOrEqual(1);
    expect(resolved.filter((e) => e.status === "upcoming").length).toBeGreaterThanOrEqual(1);
    for (const e of resolved) {
      expect(e.endsAt.getTime()).toBeGreaterThan(e.startsAt.getTime());
      if (e.status === "running") expect(e.startsAt.getTime()).toBeLessThanOrEqual(at(iso).getTime());
      if (e.status === "upcoming") expect(e.startsAt.getTime()).toBeGreaterThan(at(iso).getTime());
    }
  });

  it("lists running events first, then upcoming, then ended", () => {
    const order = { running: 0, upcoming: 1, ended: 2 };
    const statuses = resolveEvents(demo.events, at("2027-02-01T08:00:00+07:00")).map((e) => order[e.status]);
    expect(statuses).toEqual([...statuses].sort());
  });

  it("resolves a weekly boss to this Saturday 20:00 game time, running during its two hours", () => {
    const upcoming = resolvedOf("crimson-wyrm-wakes", at("2026-11-22T12:00:00+07:00"));
    expect(upcoming.status).toBe("upcoming");
    expect(upcoming.startsAt.toISOString()).toBe("2026-11-28T13:00:00.000Z");
    const running = resolvedOf("crimson-wyrm-wakes", at("2026-11-28T21:30:00+07:00"));
    expect(running.status).toBe("running");
    expect(running.endsAt.toISOString()).toBe("2026-11-28T15:00:00.000Z");
  });

  it("keeps a daily event that crosses midnight running after 00:00", () => {
    const market = resolvedOf("midnight-market", at("2026-11-23T00:15:00+07:00"));
    expect(market.status).toBe("running");
    expect(market.startsAt.toISOString()).toBe("2026-11-22T16:00:00.000Z");
  });

  it("keeps a weekend event running from Friday evening to Sunday night", () => {
    expect(resolvedOf("double-xp-weekend", at("2026-11-22T23:00:00+07:00")).status).toBe("running");
    expect(resolvedOf("double-xp-weekend", at("2026-11-23T00:00:00+07:00")).status).toBe("upcoming");
  });

  it("anchors relative events on the game day, so a reload the same day shows the same dates", () => {
    const morning = resolvedOf("meteor-shower", at("2026-11-22T08:00:00+07:00"));
    const evening = resolvedOf("meteor-shower", at("2026-11-22T22:00:00+07:00"));
    expect(morning.startsAt).toEqual(evening.startsAt);
    // 00:00 game time on 22 November is 17:00 UTC on the 21st; 54 hours later:
    expect(morning.startsAt.toISOString()).toBe("2026-11-23T23:00:00.000Z");
  });

  it("ends a fixed event for good", () => {
    expect(resolvedOf("moonlit-duel", at("2026-11-22T12:00:00+07:00")).status).toBe("upcoming");
    expect(resolvedOf("moonlit-duel", at("2026-12-20T20:00:00+07:00")).status).toBe("running");
    expect(resolvedOf("moonlit-duel", at("2027-01-05T12:00:00+07:00")).status).toBe("ended");
  });

  it("resolves a pack with no events to nothing", () => {
    expect(resolveEvents([] as GameEvent[], at("2026-11-22T12:00:00+07:00"))).toEqual([]);
  });
});

describe("seasons of the demo pack", () => {
  it("has exactly one current season on 2026-11-22, and the next one after it", () => {
    const now = at("2026-11-22T12:00:00+07:00");
    const containing = demo.seasons.filter((s) => Date.parse(s.startsAt) <= now.getTime() && now.getTime() < Date.parse(s.endsAt));
    expect(containing).toHaveLength(1);
    expect(currentSeason(demo.seasons, now)?.id).toBe("season-3-starfall");
    expect(nextSeason(demo.seasons, now)?.id).toBe("season-4-wyrmrise");
  });

  it("switches seasons at the boundary and has none after the last one", () => {
    expect(currentSeason(demo.seasons, at("2026-12-31T09:59:59+07:00"))?.id).toBe("season-3-starfall");
    expect(currentSeason(demo.seasons, at("2026-12-31T10:00:00+07:00"))?.id).toBe("season-4-wyrmrise");
    expect(currentSeason(demo.seasons, at("2030-01-01T00:00:00+07:00"))).toBeUndefined();
  });
});
