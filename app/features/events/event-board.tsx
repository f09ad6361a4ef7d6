import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { Link } from "react-router";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { SiteFooter } from "../../shared/ui/site-footer.tsx";
import { EventCard, type LiveEvent } from "../../shared/ui/event-card.tsx";

/** The full-screen event board (layout `none`): running events first, then upcoming, with countdowns. */
export function EventBoard({
  i18n,
  language,
  serverNow,
  events,
  rewardItems,
}: {
  i18n: RouteMessages;
  language: string;
  serverNow: number;
  events: LiveEvent[];
  rewardItems: Record<string, { name: { vi: string; en: string }; icon: string }>;
}) {
  const { t } = useRouteMessages(i18n);
  const { t: common } = useTranslation();
  const groups = (["running", "upcoming"] as const).map((status) => [status, events.filter((event) => event.status === status)] as const);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6">
      <div>
        <h1 className="text-3xl font-bold">{common("pages.event.title")}</h1>
        <p className="mt-1 text-fg-muted">{t("board.lead")}</p>
        <Link to="/" className="mt-2 inline-block text-sm text-link underline underline-offset-2">
          {t("board.back")}
        </Link>
      </div>
      {groups.map(([status, list]) =>
        list.length > 0 ? (
          <section key={status} aria-labelledby={`board-${status}`}>
            <h2 id={`board-${status}`} className="mb-3 text-xl font-bold">
              {t(`events.${status}`)}
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {list.map((event) => (
                <li key={event.id}>
                  <EventCard event={event} t={t} language={language} serverNow={serverNow} rewardItems={rewardItems} detailed />
                </li>
              ))}
            </ul>
          </section>
        ) : null,
      )}
      {events.length === 0 ? <p className="text-fg-muted">{t("events.none")}</p> : null}
      <SiteFooter />
    </div>
  );
}
