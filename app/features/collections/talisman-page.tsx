import { RecordView } from "../../shared/content/record-view.tsx";

import type { TFunction } from "../../shared/i18n/translator.ts";
import { Link } from "react-router";
import type { Localized, Talisman } from "../../../universal/content/pack-schema.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { RarityBadge, rarityEdge } from "../../shared/ui/rarity.tsx";
import {
  ClassFilter,
  duration,
  EntryBreadcrumbs,
  EntryHeader,
  FilterForm,
  ObtainList,
  PageHeading,
  RarityFilter,
  ResultList,
  Section,
  SelectField,
  statLine,
  StatList,
  textLink,
  useHref,
} from "../../shared/ui/catalog-parts.tsx";

const SORTS = ["relevance", "level-asc", "level-desc", "rarity", "name"] as const;

type ClassName = { id: string; name: Localized };

export interface TalismanPageProps {
  i18n: RouteMessages;
  catalogI18n: RouteMessages;
  language: string;
  classes: ClassName[];
  entries: Talisman[];
  total: number;
  perPage: number;
  page: number;
  selected: { talisman: Talisman; sources: Record<string, Localized> } | null;
}

function cooldown(t: TFunction, seconds: number): string {
  return seconds > 0 ? t("talismans.cooldown", { time: duration(t, seconds) }) : t("talismans.passive");
}

/** `/talisman`: effects, cooldowns and stats, filtered by rarity and class; `?id=` opens one. */
export function TalismanPage({ i18n, catalogI18n, language, classes, entries, total, perPage, page, selected }: TalismanPageProps) {
  const { t: c } = useRouteMessages(catalogI18n);
  const { t } = useRouteMessages(i18n);
  const href = useHref();
  if (selected) return <TalismanDetail t={t} c={c} language={language} classes={classes} back={href({ id: null })} {...selected} />;
  return (
    <div className="mx-auto max-w-6xl">
      <Breadcrumbs />
      <PageHeading pageKey="talisman" />
      <FilterForm
        t={t}
        searchId="talisman-search"
        searchLabel={t("talismans.searchLabel")}
        placeholder={t("talismans.searchPlaceholder")}
        results={t("talismans.results", { count: total })}
      >
        <RarityFilter t={t} c={c} />
        <ClassFilter t={t} classes={classes} language={language} />
        <div className="col-span-2">
          <SelectField name="sort" label={t("filters.sort")} values={SORTS} optionLabel={(value) => t(`sorts.${value}`)} />
        </div>
      </FilterForm>

      <ResultList t={t} entries={entries} pages={{ total, perPage, page }} columns="md:grid-cols-2 lg:grid-cols-3">
        {(talisman) => {
          const stats = statLine(talisman.stats, c, language);
          return (
            <div
              className={`flex h-full flex-col gap-2 rounded-lg border border-line border-l-4 ${rarityEdge(talisman.rarity)} bg-surface p-3`}
            >
              <div className="flex items-center gap-3">
                <GameIcon icon={talisman.icon} size={44} />
                <div className="min-w-0">
                  <h2 className="font-semibold">
                    <Link to={href({ id: talisman.id })} prefetch="intent" className={textLink}>
                      {localize(talisman.name, language)}
                    </Link>
                  </h2>
                  <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-fg-muted">
                    <span>{t("level", { level: talisman.level })}</span>
                    <RarityBadge rarity={talisman.rarity} t={c} />
                    <span className="font-semibold text-fg">{cooldown(t, talisman.cooldownSeconds)}</span>
                  </p>
                </div>
              </div>
              <p className="text-sm">{localize(talisman.effect, language)}</p>
              {stats ? <p className="text-xs text-fg-muted">{stats}</p> : null}
            </div>
          );
        }}
      </ResultList>
    </div>
  );
}

function TalismanDetail({
  t,
  c,
  language,
  classes,
  back,
  talisman,
  sources,
}: {
  t: TFunction;
  c: TFunction;
  language: string;
  classes: ClassName[];
  back: string;
  talisman: Talisman;
  sources: Record<string, Localized>;
}) {
  const name = localize(talisman.name, language);
  return (
    <article className="mx-auto flex max-w-4xl flex-col gap-5">
      <RecordView kind="talismans" id={talisman.id} />
      <div>
        <EntryBreadcrumbs listKey="talisman" current={name} />
        <EntryHeader
          rarity={talisman.rarity}
          icon={talisman.icon}
          name={name}
          facts={
            <>
              <span>{t("level", { level: talisman.level })}</span>
              <RarityBadge rarity={talisman.rarity} t={c} />
            </>
          }
          description={localize(talisman.description, language)}
          star={{ kind: "talismans", id: talisman.id }}
        />
      </div>

      <Section title={t("talismans.effect")}>
        <p>{localize(talisman.effect, language)}</p>
        <p className="mt-1 text-sm font-semibold text-fg-muted">{cooldown(t, talisman.cooldownSeconds)}</p>
        <p className="mt-3 text-sm">
          <span className="text-fg-muted">{t("talismans.classes")}: </span>
          {talisman.classes.length === 0
            ? t("talismans.allClasses")
            : talisman.classes.map((id, index) => (
                <span key={id}>
                  {index > 0 ? ", " : ""}
                  <Link to={`/class?id=${id}`} className={textLink}>
                    {localize(classes.find((entry) => entry.id === id)?.name, language) || id}
                  </Link>
                </span>
              ))}
        </p>
      </Section>

      <div className="grid gap-5 md:grid-cols-2">
        <Section title={t("stats")}>
          <StatList stats={talisman.stats} c={c} t={t} language={language} />
        </Section>
        <Section title={t("obtain")}>
          <ObtainList obtain={talisman.obtain} sources={sources} c={c} language={language} />
        </Section>
      </div>
      <p>
        <Link to={back} className={textLink}>
          ← {t("talismans.back")}
        </Link>
      </p>
    </article>
  );
}
