/**
 * Game time: the game's servers run on UTC+7 (Asia/Ho_Chi_Minh, no daylight saving), so a game day
 * starts at 17:00 UTC the evening before.
 */
export const GAME_OFFSET_MS = 7 * 3_600_000;
export const DAY_MS = 86_400_000;

/** The game date (`YYYY-MM-DD`) an instant falls on. */
export function gameDate(at: number): string {
  return new Date(at + GAME_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a game date (`YYYY-MM-DD`) starts; NaN when it is not a date. */
export function gameDateStart(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return Number.NaN;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) - GAME_OFFSET_MS;
}

/** The game-time Monday (`2026-11-23`) of the week an instant falls in. */
export function gameWeek(at: number): string {
  const local = new Date(at + GAME_OFFSET_MS);
  const fromMonday = (local.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - fromMonday * DAY_MS)
    .toISOString()
    .slice(0, 10);
}
