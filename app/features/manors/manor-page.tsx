import { ClanHold, type ClanHoldView } from "../../shared/ui/clan-hold.tsx";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { Link } from "react-router";
import type { Manor } from "../../../universal/content/pack-schema.ts";
import { entryHref } from "../../../universal/content/entry-links.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { ManorDetail } from "./manor-detail.tsx";
import { link, type Localized, type Named, type Tax } from "./manor-parts.tsx";
import { FavoriteStar } from "../../shared/ui/favorite-star.tsx";

export interface ManorSummary {
  id: string;
  name: Localized;
  description: Localized;
  icon: string;
  district: { id: string; name: Localized | null };
  owner?: ClanHoldView;
  levels: number;
  maxSlots: number;
  buildings: { id: string; name: Localized; icon: string }[];
  tax: Tax | null;
}

export interface ManorPageProps {
  i18n: RouteMessages;
  language: string;
  manors: ManorSummary[];
  selected: {
    manor: Manor;
    district: { id: string; name: Localized | null };
    tax: Tax | null;
    items: Record<string, Named>;
  } | null;
}

/** `/manor`: the manors as cards; with `?id=`, one manor with its tables and upgrade calculator. */
export function ManorPage({ i18n, language, manors, selected }: ManorPageProps) {
  const { t } = useRouteMessages(i18n);
  const { t: common } = useTranslation();
  if (selected) return <ManorDetail t={t} i18n={i18n} language={language} {...selected} />;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5">
      <div>
        <Breadcrumbs />
        <h1 className="text-2xl font-bold sm:text-3xl">{common("pages.manor.title")}</h1>
        <p className="mt-2 text-fg-muted">{common("pages.manor.description")}</p>
      </div>
      <ul aria-label={t("manor.listLabel")} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {manors.map((manor) => {
          const name = localize(manor.name, language);
          return (
            <li key={manor.id} className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:p-5">
              <div className="flex items-start gap-3">
                <GameIcon icon={manor.icon} size={48} />
                <div className="min-w-0">
                  <h2 className="text-lg font-bold">
                    <Link to={`/manor?id=${manor.id}`} className={link}>
                      {name}
                    </Link>
                  </h2>
                  <p className="text-sm">
                    <span className="text-fg-muted">{t("manor.district")}: </span>
                    <Link to={entryHref(`district:${manor.district.id}`) ?? "/district"} className={link}>
                      {localize(manor.district.name ?? undefined, language) || manor.district.id}
                    </Link>
                  </p>
                </div>
                <div className="ms-auto">
                  <FavoriteStar kind="manors" id={manor.id} name={name} />
                </div>
              </div>
              <p className="text-sm">{localize(manor.description, language)}</p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="font-semibold">{common("clanHold.owner")}</dt>
                <dd>
                  <ClanHold owner={manor.owner} />
                </dd>
                <dt className="font-semibold">{t("manor.levelsTable.level")}</dt>
                <dd>
                  {t("manor.levels", { count: manor.levels })} · {t("manor.maxSlots", { count: manor.maxSlots })}
                </dd>
                <dt className="font-semibold">{t("manor.tax")}</dt>
                <dd>{manor.tax ? t("manor.taxValue", { percent: manor.tax.percent }) : t("manor.noTax")}</dd>
              </dl>
              <div>
                <h3 className="mb-1 text-sm font-semibold">{t("manor.buildings")}</h3>
                <ul className="flex flex-wrap gap-1.5">
                  {manor.buildings.map((building) => (
                    <li key={building.id} className="inline-flex items-center gap-1 rounded-full border border-line px-2 py-0.5 text-xs">
                      <GameIcon icon={building.icon} size={16} />
                      {localize(building.name, language)}
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
