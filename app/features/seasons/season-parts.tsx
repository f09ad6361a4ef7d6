import type { TFunction } from "../../shared/i18n/translator.ts";
import { Countdown, GameTime } from "../../shared/ui/countdown.tsx";

export type SeasonStatus = "current" | "next" | "upcoming" | "ended";

const badge = "inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold";
const badgeStyle: Record<SeasonStatus, string> = {
  current: "border-accent bg-accent-soft text-fg",
  next: "border-line bg-surface-muted text-fg",
  upcoming: "border-line text-fg",
  ended: "border-line text-fg-muted",
};

/** "Running now", "Starting next", "Upcoming" or "Ended": text, not colour alone. */
export function SeasonStatusBadge({ status, t }: { status: SeasonStatus; t: TFunction }) {
  return <span className={`${badge} ${badgeStyle[status]}`}>{t(`season.status.${status}`)}</span>;
}

/** A countdown to the end of the running season, or to the start of one still to come; nothing once ended. */
export function SeasonCountdown({
  status,
  startsAt,
  endsAt,
  serverNow,
  t,
}: {
  status: SeasonStatus;
  startsAt: number;
  endsAt: number;
  serverNow: number;
  t: TFunction;
}) {
  if (status === "ended") return null;
  return (
    <p className="text-sm">
      {status === "current" ? t("season.endsIn") : t("season.startsIn")}{" "}
      <Countdown to={status === "current" ? endsAt : startsAt} serverNow={serverNow} />
    </p>
  );
}

/** Start and end, in game time with the reader's own time beside it. */
export function SeasonDates({ startsAt, endsAt, language, t }: { startsAt: number; endsAt: number; language: string; t: TFunction }) {
  return (
    <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
      <dt className="font-semibold">{t("season.starts")}</dt>
      <dd>
        <GameTime at={startsAt} language={language} />
      </dd>
      <dt className="font-semibold">{t("season.ends")}</dt>
      <dd>
        <GameTime at={endsAt} language={language} />
      </dd>
    </dl>
  );
}
