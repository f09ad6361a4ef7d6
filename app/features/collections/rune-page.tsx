import { useId } from "react";
import type { TFunction } from "../../shared/i18n/translator.ts";
import { useNavigation } from "react-router";
import type { RuneSetView } from "../../../server/content/collections.ts";
import type { Localized } from "../../../universal/content/pack-schema.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { RarityBadge, rarityEdge } from "../../shared/ui/rarity.tsx";
import { EmptyState, FilterForm, PageHeading, statLine } from "../../shared/ui/catalog-parts.tsx";
import { FavoriteStar } from "../../shared/ui/favorite-star.tsx";

export interface RunePageProps {
  i18n: RouteMessages;
  catalogI18n: RouteMessages;
  language: string;
  sets: RuneSetView[];
  runeCount: number;
  sources: Record<string, Localized>;
}

/** `/rune`: every rune set with its set bonuses and its runes by socket position. */
export function RunePage({ i18n, catalogI18n, language, sets, runeCount, sources }: RunePageProps) {
  const { t: c } = useRouteMessages(catalogI18n);
  const { t } = useRouteMessages(i18n);
  const busy = useNavigation().state === "loading";
  const results = t("runes.results", { sets: t("runes.sets", { count: sets.length }), runes: t("runes.runes", { count: runeCount }) });
  return (
    <div className="mx-auto max-w-6xl">
      <Breadcrumbs />
      <PageHeading pageKey="rune" />
      <FilterForm
        t={t}
        searchId="rune-search"
        searchLabel={t("runes.searchLabel")}
        placeholder={t("runes.searchPlaceholder")}
        results={results}
      />
      {sets.length === 0 ? (
        <EmptyState t={t} />
      ) : (
        <>
          <nav aria-label={t("runes.jump")} className="mt-5">
            <ul className="flex flex-wrap gap-2 text-sm">
              {sets.map(({ set }) => (
                <li key={set.id}>
                  <a
                    href={`#${set.id}`}
                    className="inline-flex h-9 items-center gap-2 rounded-full border border-line bg-surface px-3 hover:bg-surface-muted"
                  >
                    <GameIcon icon={set.icon} size={18} tone="muted" />
                    {localize(set.name, language)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <ul className={`mt-5 flex flex-col gap-5 ${busy ? "opacity-60" : ""}`}>
            {sets.map((view) => (
              <li key={view.set.id}>
                <RuneSetCard view={view} t={t} c={c} language={language} sources={sources} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function RuneSetCard({
  view: { set, runes },
  t,
  c,
  language,
  sources,
}: {
  view: RuneSetView;
  t: TFunction;
  c: TFunction;
  language: string;
  sources: Record<string, Localized>;
}) {
  const headingId = useId();
  return (
    <section id={set.id} aria-labelledby={headingId} className="scroll-mt-20 rounded-xl border border-line bg-surface p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <GameIcon icon={set.icon} size={48} />
        <div className="min-w-0">
          <h2 id={headingId} className="text-xl font-bold">
            {localize(set.name, language)}
          </h2>
          <p className="mt-1 text-sm text-fg-muted">{localize(set.description, language)}</p>
        </div>
        <div className="ms-auto">
          <FavoriteStar kind="runeSets" id={set.id} name={localize(set.name, language)} />
        </div>
      </div>
      <div className="mt-4 grid gap-5 md:grid-cols-[2fr_3fr]">
        <div>
          <h3 className="mb-2 font-semibold">{t("runes.bonuses")}</h3>
          <ul className="flex flex-col gap-2 text-sm">
            {set.bonuses.map((bonus) => {
              const stats = statLine(bonus.stats, c, language);
              return (
                <li key={bonus.pieces} className="rounded-lg border border-line p-3">
                  <p className="font-semibold">{t("runes.pieces", { count: bonus.pieces })}</p>
                  <p className="mt-1">{localize(bonus.effect, language)}</p>
                  {stats ? <p className="mt-1 text-xs text-fg-muted">{stats}</p> : null}
                </li>
              );
            })}
          </ul>
        </div>
        <div>
          <h3 className="mb-2 font-semibold">{t("runes.runesOfSet")}</h3>
          <ul className="flex flex-col gap-2">
            {runes.map((rune) => {
              const stats = statLine(rune.stats, c, language);
              return (
                <li
                  key={rune.id}
                  id={rune.id}
                  className={`scroll-mt-20 flex gap-3 rounded-lg border border-line border-l-4 ${rarityEdge(rune.rarity)} p-3`}
                >
                  <span className="flex w-12 shrink-0 flex-col items-center gap-1">
                    <GameIcon icon={rune.icon} size={32} />
                    <span className="text-xs font-semibold text-fg-muted">
                      <span aria-hidden="true">{t("runes.position", { position: rune.position })}</span>
                      <span className="sr-only">{t("runes.positionLabel", { position: rune.position })}</span>
                    </span>
                  </span>
                  <div className="min-w-0 text-sm">
                    <h4 className="font-semibold">{localize(rune.name, language)}</h4>
                    <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-fg-muted">
                      <span>{t("level", { level: rune.level })}</span>
                      <RarityBadge rarity={rune.rarity} t={c} />
                    </p>
                    {stats ? <p className="mt-1">{stats}</p> : null}
                    <p className="mt-1 text-xs text-fg-muted">
                      {t("obtain")}:{" "}
                      {rune.obtain
                        .map((way) =>
                          [
                            c(`obtainMethods.${way.method}`),
                            way.source && sources[way.source] ? localize(sources[way.source], language) : "",
                          ]
                            .filter(Boolean)
                            .join(" — "),
                        )
                        .join("; ")}
                    </p>
                  </div>
                  <span className="ml-auto">
                    <FavoriteStar kind="runes" id={rune.id} name={localize(rune.name, language)} />
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </section>
  );
}
