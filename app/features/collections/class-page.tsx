import { STAT_KEYS, statValue } from "../../../universal/content/stats.ts";
import { RecordView } from "../../shared/content/record-view.tsx";
import { FavoriteStar } from "../../shared/ui/favorite-star.tsx";
import type { TFunction } from "../../shared/i18n/translator.ts";
import { Link } from "react-router";
import type { ClassCard, ClassRecommendations, NamedEntry } from "../../../server/content/collections.ts";
import type { GameClass } from "../../../universal/content/pack-schema.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { EntryBreadcrumbs, PageHeading, Section, duration, numberFormat, textLink } from "../../shared/ui/catalog-parts.tsx";

export interface ClassPageProps {
  i18n: RouteMessages;
  catalogI18n: RouteMessages;
  language: string;
  classes: ClassCard[];
  selected: { gameClass: GameClass; recommended: ClassRecommendations } | null;
}

/** `/class`: the classes as cards, or one class when `?id=` names it. */
export function ClassPage({ i18n, catalogI18n, language, classes, selected }: ClassPageProps) {
  const { t: c } = useRouteMessages(catalogI18n);
  const { t } = useRouteMessages(i18n);
  if (selected) return <ClassDetail t={t} c={c} language={language} {...selected} />;
  return (
    <div className="mx-auto max-w-6xl">
      <Breadcrumbs />
      <PageHeading pageKey="class" />
      <ul className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("class.listLabel")}>
        {classes.map((entry) => (
          <li key={entry.id}>
            <Link
              to={`?id=${entry.id}`}
              prefetch="intent"
              className="flex h-full gap-3 rounded-xl border border-line bg-surface p-4 hover:bg-surface-muted"
            >
              <GameIcon icon={entry.icon} size={48} />
              <span className="min-w-0">
                <span className="block text-lg font-bold">{localize(entry.name, language)}</span>
                <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted">
                  <span>{t(`class.roles.${entry.role}`)}</span>
                  <Difficulty t={t} value={entry.difficulty} />
                </span>
                <span className="mt-2 block text-sm">{localize(entry.summary, language)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Difficulty({ t, value }: { t: TFunction; value: number }) {
  return (
    <span className="inline-flex items-center gap-1">
      <span aria-hidden="true" className="tracking-tight text-accent">
        {"★".repeat(value)}
        <span className="text-fg-muted">{"☆".repeat(3 - value)}</span>
      </span>
      <span>
        {t("class.difficulty")}: {t(`class.difficulties.${value}`)}
      </span>
    </span>
  );
}

const RECOMMENDED_LINKS: Record<keyof ClassRecommendations, (id: string) => string> = {
  items: (id) => `/equipments-items/detail?id=${id}`,
  runeSets: (id) => `/rune#${id}`,
  talismans: (id) => `/talisman?id=${id}`,
  pets: (id) => `/pets?id=${id}`,
  mounts: (id) => `/mounts/detail?id=${id}`,
};

function ClassDetail({
  t,
  c,
  language,
  gameClass,
  recommended,
}: {
  t: TFunction;
  c: TFunction;
  language: string;
  gameClass: GameClass;
  recommended: ClassRecommendations;
}) {
  const number = numberFormat(language);
  const name = localize(gameClass.name, language);
  const statKeys = STAT_KEYS.filter((key) => gameClass.baseStats[key] !== undefined || gameClass.statsPerLevel[key] !== undefined);
  return (
    <article className="mx-auto flex max-w-4xl flex-col gap-5">
      <RecordView kind="classes" id={gameClass.id} />
      <div>
        <EntryBreadcrumbs listKey="class" current={name} />
        <header className="grid grid-cols-[auto_1fr] gap-x-4 rounded-xl border border-line bg-surface p-4 sm:p-5">
          <GameIcon icon={gameClass.icon} size={72} />
          <div className="min-w-0">
            <h1 className="text-2xl font-bold sm:text-3xl">{name}</h1>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-fg-muted">
              <span>
                {t("class.role")}: {t(`class.roles.${gameClass.role}`)}
              </span>
              <Difficulty t={t} value={gameClass.difficulty} />
              <span>
                {t("class.weapons")}: {gameClass.weapons.map((weapon) => c(`weaponTypes.${weapon}`)).join(", ")}
              </span>
            </p>
          </div>
          <div className="col-span-2 sm:col-span-1 sm:col-start-2">
            <p className="mt-3 font-semibold">{localize(gameClass.summary, language)}</p>
            <p className="mt-2">{localize(gameClass.description, language)}</p>
            <div className="mt-3">
              <FavoriteStar kind="classes" id={gameClass.id} />
            </div>
          </div>
        </header>
      </div>

      <div className="grid gap-5 md:grid-cols-[2fr_3fr]">
        <Section title={t("class.stats")}>
          <table className="w-full text-sm">
            <caption className="mb-2 text-left text-fg-muted">{t("class.statsLead")}</caption>
            <thead>
              <tr className="border-b border-line text-left">
                <th scope="col" className="py-1 font-semibold">
                  {t("class.stat")}
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  {t("class.base")}
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  {t("class.perLevel")}
                </th>
              </tr>
            </thead>
            <tbody>
              {statKeys.map((key) => {
                const base = gameClass.baseStats[key];
                const growth = gameClass.statsPerLevel[key];
                return (
                  <tr key={key} className="border-b border-line last:border-0">
                    <th scope="row" className="py-1 text-left font-normal text-fg-muted">
                      {c(`stats.${key}`)}
                    </th>
                    <td className="py-1 text-right font-semibold tabular-nums">
                      {base === undefined ? "—" : statValue(key, base, number)}
                    </td>
                    <td className="py-1 text-right tabular-nums">{growth === undefined ? "—" : `+${statValue(key, growth, number)}`}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Section>

        <Section title={t("class.skills")}>
          <ul className="flex flex-col gap-4">
            {gameClass.skills.map((skill) => (
              <li key={skill.id} className="flex gap-3">
                <GameIcon icon={skill.icon} size={40} />
                <div className="min-w-0">
                  <h3 className="font-semibold">{localize(skill.name, language)}</h3>
                  <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-fg-muted">
                    <span>{t("class.unlockLevel", { level: skill.unlockLevel })}</span>
                    <span>
                      {skill.cooldownSeconds > 0
                        ? t("class.cooldown", { time: duration(t, skill.cooldownSeconds) })
                        : t("class.noCooldown")}
                    </span>
                    <span>{skill.manaCost > 0 ? t("class.manaCost", { cost: number.format(skill.manaCost) }) : t("class.noManaCost")}</span>
                  </p>
                  <p className="mt-1 text-sm">{localize(skill.description, language)}</p>
                </div>
              </li>
            ))}
          </ul>
        </Section>
      </div>

      <Section title={t("class.recommended")}>
        <p className="mb-4 text-sm text-fg-muted">{t("class.recommendedLead")}</p>
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {(Object.keys(RECOMMENDED_LINKS) as (keyof ClassRecommendations)[]).map((kind) => (
            <RecommendedGroup
              key={kind}
              title={t(`class.recommendedKinds.${kind}`)}
              entries={recommended[kind]}
              href={RECOMMENDED_LINKS[kind]}
              language={language}
              empty={t("class.none")}
            />
          ))}
        </div>
      </Section>
    </article>
  );
}

function RecommendedGroup({
  title,
  entries,
  href,
  language,
  empty,
}: {
  title: string;
  entries: NamedEntry[];
  href: (id: string) => string;
  language: string;
  empty: string;
}) {
  return (
    <div>
      <h3 className="mb-2 font-semibold">{title}</h3>
      {entries.length === 0 ? (
        <p className="text-sm text-fg-muted">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {entries.map((entry) => (
            <li key={entry.id} className="flex items-center gap-2 text-sm">
              {entry.icon ? <GameIcon icon={entry.icon} size={24} tone="muted" /> : null}
              <Link to={href(entry.id)} className={textLink}>
                {localize(entry.name, language)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
