import { RecordView } from "../../shared/content/record-view.tsx";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { ClanHold } from "../../shared/ui/clan-hold.tsx";
import { FavoriteStar } from "../../shared/ui/favorite-star.tsx";
import type { TFunction } from "../../shared/i18n/translator.ts";
import { useId } from "react";
import { Link } from "react-router";
import { useUrlParams } from "../../shared/routing/use-url-params.ts";
import type { Manor } from "../../../universal/content/pack-schema.ts";
import { addCosts, buildingUpgradeCost, clampLevel, manorUpgradeCost, NO_COST } from "../../shared/content/manor-calc.ts";
import { entryHref } from "../../../universal/content/entry-links.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { EntryBreadcrumbs } from "../../shared/ui/catalog-parts.tsx";
import { numberFormat } from "../../shared/i18n/format.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Island } from "../../shared/islands/island.tsx";
import { CostCell, link, MaterialLink, type Localized, type Named, type Tax } from "./manor-parts.tsx";

const card = "rounded-xl border border-line bg-surface p-4 sm:p-5";
const select = "h-11 w-full rounded-md border border-line bg-surface px-3 text-fg";

export interface ManorDetailProps {
  t: TFunction;
  /** The page's messages, for the calculator's island. */
  i18n: RouteMessages;
  language: string;
  manor: Manor;
  district: { id: string; name: Localized | null };
  tax: Tax | null;
  items: Record<string, Named>;
}

/** One manor: header, upgrade calculator (inputs in the URL), levels table and buildings with their costs. */
export function ManorDetail({ t, i18n, language, manor, district, tax, items }: ManorDetailProps) {
  const { t: common } = useTranslation();
  const name = localize(manor.name, language);
  const number = numberFormat(language);
  return (
    <article className="mx-auto flex max-w-5xl flex-col gap-5">
      <RecordView kind="manors" id={manor.id} />
      <EntryBreadcrumbs listKey="manor" current={name} />
      <header className={`flex items-start gap-4 ${card}`}>
        <GameIcon icon={manor.icon} size={72} />
        <div className="flex min-w-0 flex-col gap-2">
          <h1 className="text-2xl font-bold sm:text-3xl">{name}</h1>
          <p>{localize(manor.description, language)}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold">{t("manor.district")}</dt>
            <dd>
              <Link to={entryHref(`district:${district.id}`) ?? "/district"} className={link}>
                {localize(district.name ?? undefined, language) || district.id}
              </Link>
            </dd>
            <dt className="font-semibold">{common("clanHold.owner")}</dt>
            <dd>
              <ClanHold owner={manor.owner} />
            </dd>
            <dt className="font-semibold">{t("manor.tax")}</dt>
            <dd>
              {tax ? t("manor.taxValue", { percent: number.format(tax.percent) }) : t("manor.noTax")}
              {tax?.note ? <span className="block text-fg-muted">{localize(tax.note, language)}</span> : null}
            </dd>
            <dt className="font-semibold">{t("manor.levelCount")}</dt>
            <dd>{t("manor.levels", { count: manor.levels.length })}</dd>
          </dl>
          <div>
            <FavoriteStar kind="manors" id={manor.id} />
          </div>
        </div>
      </header>

      <Island name="manor-calculator" component={ManorCalculator} props={{ i18n, language, manor, items }} />

      <section aria-labelledby="manor-levels" className={card}>
        <h2 id="manor-levels" className="mb-3 text-lg font-bold">
          {t("manor.levelsTable.title")}
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("manor.levelsTable.caption")}</caption>
            <thead className="text-left text-fg-muted">
              <tr>
                <th scope="col" className="py-1 pr-2 font-semibold">
                  {t("manor.levelsTable.level")}
                </th>
                <th scope="col" className="px-2 py-1 text-right font-semibold">
                  {t("manor.levelsTable.slots")}
                </th>
                <th scope="col" className="px-2 py-1 font-semibold">
                  {t("manor.levelsTable.cost")}
                </th>
                <th scope="col" className="py-1 pl-2 font-semibold">
                  {t("manor.levelsTable.bonus")}
                </th>
              </tr>
            </thead>
            <tbody>
              {manor.levels.map((row) => (
                <tr key={row.level} className="border-t border-line align-top">
                  <th scope="row" className="py-2 pr-2 text-left tabular-nums">
                    {row.level}
                  </th>
                  <td className="px-2 py-2 text-right tabular-nums">{row.buildingSlots}</td>
                  <td className="px-2 py-2">
                    {row.upgradeCost ? (
                      <CostCell cost={row.upgradeCost} items={items} language={language} t={t} />
                    ) : (
                      <span className="text-fg-muted">{t("manor.levelsTable.start")}</span>
                    )}
                  </td>
                  <td className="py-2 pl-2">{localize(row.bonus, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="manor-buildings" className="flex flex-col gap-4">
        <h2 id="manor-buildings" className="text-lg font-bold">
          {t("manor.buildingsSection.title")}
        </h2>
        <ul className="grid gap-4 lg:grid-cols-2">
          {manor.buildings.map((building) => {
            const buildingName = localize(building.name, language);
            return (
              <li key={building.id} id={`building-${building.id}`} className={`${card} flex flex-col gap-3`}>
                <div className="flex items-start gap-3">
                  <GameIcon icon={building.icon} size={40} />
                  <div className="min-w-0">
                    <h3 className="font-bold">{buildingName}</h3>
                    <p className="text-sm text-fg-muted">{t("manor.buildingsSection.unlock", { level: building.unlockManorLevel })}</p>
                  </div>
                </div>
                <p className="text-sm">{localize(building.description, language)}</p>
                <div className="overflow-x-auto">
                  <table className="w-full text-sm">
                    <caption className="sr-only">{t("manor.buildingsSection.caption", { name: buildingName })}</caption>
                    <thead className="text-left text-fg-muted">
                      <tr>
                        <th scope="col" className="py-1 pr-2 font-semibold">
                          {t("manor.buildingsSection.level")}
                        </th>
                        <th scope="col" className="px-2 py-1 font-semibold">
                          {t("manor.buildingsSection.cost")}
                        </th>
                        <th scope="col" className="py-1 pl-2 font-semibold">
                          {t("manor.buildingsSection.effect")}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {building.levels.map((level, index) => (
                        <tr key={index} className="border-t border-line align-top">
                          <th scope="row" className="py-2 pr-2 text-left tabular-nums">
                            {index + 1}
                          </th>
                          <td className="px-2 py-2">
                            <CostCell cost={level} items={items} language={language} t={t} />
                          </td>
                          <td className="py-2 pl-2">{localize(level.effect, language)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <p>
        <Link to="/manor" className={link}>
          {t("manor.allManors")}
        </Link>
      </p>
    </article>
  );
}

/** Manor level A → B and, optionally, one building level a → b: `from`, `to`, `b`, `bfrom`, `bto` in the URL. */
/** The upgrade calculator, its inputs in the URL: an island of its own (decision 025). */
export function ManorCalculator({ i18n, ...rest }: { i18n: RouteMessages; language: string; manor: Manor; items: Record<string, Named> }) {
  const { t } = useRouteMessages(i18n);
  return <Calculator t={t} {...rest} />;
}

function Calculator({ t, language, manor, items }: { t: TFunction; language: string; manor: Manor; items: Record<string, Named> }) {
  const [params, set] = useUrlParams();
  const fieldId = useId();
  const number = numberFormat(language);
  const levels = manor.levels.map((row) => row.level).sort((a, b) => a - b);
  const low = levels[0] ?? 1;
  const high = levels.at(-1) ?? low;
  const from = clampLevel(params.get("from"), low, high, low);
  const to = clampLevel(params.get("to"), low, high, high);
  const building = manor.buildings.find((entry) => entry.id === params.get("b")) ?? null;
  const buildingMax = building?.levels.length ?? 0;
  const buildingFrom = clampLevel(params.get("bfrom"), 0, buildingMax, 0);
  const buildingTo = clampLevel(params.get("bto"), 0, buildingMax, buildingMax);
  const total = addCosts(
    manorUpgradeCost(manor.levels, from, to),
    building ? buildingUpgradeCost(building.levels, buildingFrom, buildingTo) : NO_COST,
  );
  const nothing = to <= from && (!building || buildingTo <= buildingFrom);
  // Labels point at their select (not wrap it), so the accessible name is the label alone.
  const levelSelect = (key: string, label: string, value: number, options: number[]) => (
    <div className="flex flex-col gap-1 text-sm font-semibold">
      <label htmlFor={`${fieldId}-${key}`}>{label}</label>
      <select id={`${fieldId}-${key}`} value={value} onChange={(event) => set({ [key]: event.currentTarget.value })} className={select}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
  const buildingLevels = Array.from({ length: buildingMax + 1 }, (_, index) => index);

  return (
    <section aria-labelledby="manor-calculator" className={card}>
      <h2 id="manor-calculator" className="text-lg font-bold">
        {t("manor.calculator.title")}
      </h2>
      <p className="text-sm text-fg-muted">{t("manor.calculator.lead")}</p>
      <fieldset className="mt-4 grid grid-cols-2 gap-3">
        <legend className="mb-2 text-sm font-bold">{t("manor.calculator.manor")}</legend>
        {levelSelect("from", t("manor.calculator.from"), from, levels)}
        {levelSelect("to", t("manor.calculator.to"), to, levels)}
      </fieldset>
      <fieldset className="mt-4 grid grid-cols-2 gap-3">
        <legend className="mb-2 text-sm font-bold">{t("manor.calculator.buildingGroup")}</legend>
        <div className="col-span-2 flex flex-col gap-1 text-sm font-semibold">
          <label htmlFor={`${fieldId}-b`}>{t("manor.calculator.building")}</label>
          <select
            id={`${fieldId}-b`}
            value={building?.id ?? ""}
            onChange={(event) => set({ b: event.currentTarget.value, bfrom: null, bto: null })}
            className={select}
          >
            <option value="">{t("manor.calculator.noBuilding")}</option>
            {manor.buildings.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {localize(entry.name, language)}
              </option>
            ))}
          </select>
        </div>
        {building ? (
          <>
            {levelSelect("bfrom", t("manor.calculator.buildingFrom"), buildingFrom, buildingLevels)}
            {levelSelect("bto", t("manor.calculator.buildingTo"), buildingTo, buildingLevels)}
            {building.unlockManorLevel > to ? (
              <p className="col-span-2 text-sm text-accent" role="note">
                {t("manor.calculator.needsManor", { name: localize(building.name, language), level: building.unlockManorLevel })}
              </p>
            ) : null}
          </>
        ) : null}
      </fieldset>

      <div className="mt-4" aria-live="polite">
        <h3 className="mb-2 font-bold">{t("manor.calculator.totals")}</h3>
        {nothing ? (
          <p className="text-sm text-fg-muted">{t("manor.calculator.nothing")}</p>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3">
              <div className="rounded-lg border border-line p-3">
                <dt className="text-xs text-fg-muted">{t("manor.calculator.gold")}</dt>
                <dd className="text-xl font-bold tabular-nums" data-testid="manor-total-gold">
                  {number.format(total.gold)}
                </dd>
              </div>
              <div className="rounded-lg border border-line p-3">
                <dt className="text-xs text-fg-muted">{t("manor.calculator.time")}</dt>
                <dd className="text-xl font-bold tabular-nums" data-testid="manor-total-hours">
                  {t("manor.calculator.hours", { hours: number.format(total.hours) })}
                  {total.hours >= 24 ? (
                    <span className="block text-sm font-normal text-fg-muted">
                      {t("manor.calculator.days", { days: number.format(Math.round((total.hours / 24) * 10) / 10) })}
                    </span>
                  ) : null}
                </dd>
              </div>
            </dl>
            <h4 className="mt-4 mb-2 text-sm font-bold">{t("manor.calculator.materials")}</h4>
            {total.materials.length === 0 ? (
              <p className="text-sm text-fg-muted">{t("manor.calculator.noMaterials")}</p>
            ) : (
              <ul className="flex flex-col gap-2 text-sm" data-testid="manor-total-materials">
                {total.materials.map((stack) => (
                  <li key={stack.item}>
                    <MaterialLink stack={stack} items={items} language={language} />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </section>
  );
}
