import type { Database } from "../../db/client.ts";
import { listKind } from "./catalog.ts";
import type { GameEvent, Guide, Item, Season } from "../../universal/content/pack-schema.ts";
import { currentSeason, nextSeason, resolveEvents } from "./schedule.ts";
import { getEntries } from "./catalog.ts";

/** Events with concrete times for `now` (game time, computed at load), the ended ones left out. */
export async function liveEvents(db: Database, now: Date) {
  const events = resolveEvents(await listKind<GameEvent>(db, "events"), now).filter((entry) => entry.status !== "ended");
  const rewardItems = await getEntries<Item>(
    db,
    "items",
    events.flatMap((entry) => entry.event.rewards.map((reward) => reward.item)),
  );
  return {
    events: events.map((entry) => ({
      ...entry.event,
      status: entry.status,
      startsAt: entry.startsAt.getTime(),
      endsAt: entry.endsAt.getTime(),
    })),
    rewardItems: Object.fromEntries([...rewardItems].map(([id, item]) => [id, { name: item.name, icon: item.icon }])),
  };
}

/** The home page: the season in progress (or the next), running and upcoming events, newest guides. */
export async function homeHighlights(db: Database, now: Date) {
  const [seasons, guides, { events, rewardItems }] = await Promise.all([
    listKind<Season>(db, "seasons"),
    listKind<Guide>(db, "guides"),
    liveEvents(db, now),
  ]);
  const season = currentSeason(seasons, now);
  const upcoming = nextSeason(seasons, now);
  const pick = (entry: Season | undefined) =>
    entry
      ? {
          id: entry.id,
          number: entry.number,
          name: entry.name,
          icon: entry.icon,
          startsAt: Date.parse(entry.startsAt),
          endsAt: Date.parse(entry.endsAt),
        }
      : null;
  return {
    season: pick(season),
    nextSeason: pick(upcoming),
    events: events.slice(0, 4),
    rewardItems,
    guides: [...guides]
      .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt))
      .slice(0, 3)
      .map((guide) => ({
        id: guide.id,
        name: guide.name,
        summary: guide.summary,
        icon: guide.icon,
        category: guide.category,
        updatedAt: Date.parse(guide.updatedAt),
      })),
  };
}
