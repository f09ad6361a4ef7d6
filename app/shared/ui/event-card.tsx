import type { TFunction } from "../i18n/translator.ts";
import { Link } from "react-router";
import { localize } from "../i18n/localize.ts";
import { Countdown, GameTime } from "./countdown.tsx";
import { FavoriteStar } from "./favorite-star.tsx";
import { GameIcon } from "./game-icon.tsx";

export interface LiveEvent {
  id: string;
  name: { vi: string; en: string };
  description: { vi: string; en: string };
  icon: string;
  kind: string;
  minLevel: number;
  status: "running" | "upcoming" | "ended";
  startsAt: number;
  endsAt: number;
  rewards: { item: string; quantity: number }[];
}

/** An event with its state, countdown, game-time schedule and rewards (texts from the `home` namespace). */
export function EventCard({
  event,
  t,
  language,
  serverNow,
  rewardItems,
  detailed = false,
}: {
  event: LiveEvent;
  t: TFunction;
  language: string;
  serverNow: number;
  rewardItems: Record<string, { name: { vi: string; en: string }; icon: string }>;
  detailed?: boolean;
}) {
  const running = event.status === "running";
  return (
    <article className={`flex h-full flex-col gap-2 rounded-xl border bg-surface p-4 ${running ? "border-brand" : "border-line"}`}>
      <div className="flex items-start gap-3">
        <GameIcon icon={event.icon} size={40} />
        <div className="min-w-0">
          <h3 className="font-bold">{localize(event.name, language)}</h3>
          <p className="text-xs text-fg-muted">
            <span className={`mr-2 rounded px-1.5 py-0.5 font-semibold ${running ? "bg-accent-soft text-fg" : "bg-surface-muted"}`}>
              {t(running ? "events.running" : "events.upcoming")}
            </span>
            {t(`events.kinds.${event.kind}`)} · {t("events.minLevel", { level: event.minLevel })}
          </p>
        </div>
        <span className="ml-auto">
          <FavoriteStar kind="events" id={event.id} name={localize(event.name, language)} />
        </span>
      </div>
      <p className="text-sm">
        {t(running ? "events.endsIn" : "events.startsIn")} <Countdown to={running ? event.endsAt : event.startsAt} serverNow={serverNow} />
      </p>
      {detailed ? (
        <>
          <p className="text-sm text-fg-muted">{localize(event.description, language)}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs">
            <dt className="text-fg-muted">{t("events.starts")}</dt>
            <dd>
              <GameTime at={event.startsAt} language={language} />
            </dd>
            <dt className="text-fg-muted">{t("events.ends")}</dt>
            <dd>
              <GameTime at={event.endsAt} language={language} />
            </dd>
          </dl>
          {event.rewards.length > 0 ? (
            <div>
              <p className="text-xs font-semibold text-fg-muted">{t("events.rewards")}</p>
              <ul className="mt-1 flex flex-wrap gap-2 text-sm">
                {event.rewards.map((reward) => (
                  <li key={reward.item}>
                    <Link
                      to={`/equipments-items/detail?id=${reward.item}`}
                      className="inline-flex items-center gap-1 text-link underline underline-offset-2"
                    >
                      <GameIcon icon={rewardItems[reward.item]?.icon ?? "game-icons:swap-bag"} size={20} />
                      {reward.quantity} × {localize(rewardItems[reward.item]?.name, language) || reward.item}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      ) : (
        <p className="text-xs">
          <GameTime at={running ? event.endsAt : event.startsAt} language={language} />
        </p>
      )}
    </article>
  );
}
