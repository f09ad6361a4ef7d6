import { statEntries, statValue } from "../../../universal/content/stats.ts";
import { Link } from "react-router";
import type { Item, Localized, Recipe } from "../../../universal/content/pack-schema.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { ObtainList, Section } from "../../shared/ui/catalog-parts.tsx";
import { FavoriteStar } from "../../shared/ui/favorite-star.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { RarityBadge, rarityEdge } from "../../shared/ui/rarity.tsx";
import { numberFormat } from "../../shared/i18n/format.ts";
import type { MarketServer } from "./item-market.tsx";
import { Island } from "../../shared/islands/island.tsx";
import { RecordView } from "../../shared/content/record-view.tsx";
import { MarketSlot } from "./item-market-slot.tsx";
import { ServerHtml } from "../../shared/page/server-html.tsx";

type Named = { id: string; name: { vi: string; en: string }; icon?: string };

export interface ItemDetailProps {
  i18n: RouteMessages;
  language: string;
  item: Item;
  makes: Recipe[];
  uses: Recipe[];
  /** Items and classes this page mentions, by id. */
  related: { items: Record<string, Named>; classes: Record<string, Named> };
  /** The names of the places, events and seasons the item comes from, by `kind:id`. */
  sources: Record<string, Localized>;
  /** The market section's texts (the `offers` namespace) and the pack's servers; its data is read in the browser. */
  market: { i18n: RouteMessages; servers: MarketServer[] };
}

/** An item: its stats, how to obtain it, the recipes that make it and those that use it, its market. */
export function ItemDetailPage({ i18n, language, item, makes, uses, related, sources, market }: ItemDetailProps) {
  const { t } = useRouteMessages(i18n);
  const number = numberFormat(language);
  const stats = statEntries(item.stats);
  const itemName = (id: string) => localize(related.items[id]?.name, language) || id;

  const recipeList = (recipes: Recipe[]) =>
    recipes.length === 0 ? (
      <p className="text-sm text-fg-muted">{t("item.noRecipes")}</p>
    ) : (
      <ul className="flex flex-col gap-3">
        {recipes.map((recipe) => (
          <li key={recipe.id} className="rounded-lg border border-line p-3 text-sm">
            <Link to={`/craft/detail?id=${recipe.id}`} className="font-semibold text-link underline-offset-2 hover:underline">
              {localize(recipe.name, language)}
            </Link>
            <p className="mt-1 text-fg-muted">
              {recipe.inputs.map((input) => t("item.inputs", { quantity: input.quantity, name: itemName(input.item) })).join(" + ")} →{" "}
              {t("item.inputs", { quantity: recipe.output.quantity, name: itemName(recipe.output.item) })}
            </p>
            <p className="mt-1 text-xs text-fg-muted">
              {t("item.goldCost", { cost: number.format(recipe.goldCost) })} · {t("item.successRate", { rate: recipe.successRate })}
            </p>
          </li>
        ))}
      </ul>
    );

  return (
    <article className="mx-auto flex max-w-4xl flex-col gap-5">
      <Breadcrumbs current={localize(item.name, language)} />
      <header
        className={`flex items-start gap-4 rounded-xl border border-line border-l-4 ${rarityEdge(item.rarity)} bg-surface p-4 sm:p-5`}
      >
        <GameIcon icon={item.icon} size={72} />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold sm:text-3xl">{localize(item.name, language)}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-fg-muted">
            <span>{t("item.level", { level: item.level })}</span>
            <span>{t(`types.${item.type}`)}</span>
            {item.slot ? <span>{t(`slots.${item.slot}`)}</span> : null}
            {item.weaponType ? <span>{t(`weaponTypes.${item.weaponType}`)}</span> : null}
            <RarityBadge rarity={item.rarity} t={t} />
          </p>
          <p className="mt-3">{localize(item.description, language)}</p>
          <div className="mt-3">
            <FavoriteStar kind="items" id={item.id} />
          </div>
        </div>
      </header>

      {/* Stats, sources and recipes are text and links: kept as the server sent them (decision 021). */}
      <ServerHtml className="grid gap-5 md:grid-cols-2" version={item.id}>
        <Section title={t("item.stats")}>
          {stats.length === 0 ? (
            <p className="text-sm text-fg-muted">—</p>
          ) : (
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
              {stats.map(([key, value]) => (
                <div key={key} className="contents">
                  <dt className="text-fg-muted">{t(`stats.${key}`)}</dt>
                  <dd className="text-right font-semibold tabular-nums">{statValue(key, value, number)}</dd>
                </div>
              ))}
            </dl>
          )}
          <p className="mt-3 text-sm text-fg-muted">
            {t("item.sellPrice", { price: number.format(item.sellPrice) })} · {t("item.stackSize", { count: item.stackSize })}
          </p>
          <p className="mt-2 text-sm">
            <span className="text-fg-muted">{t("item.classes")}: </span>
            {item.classes.length === 0
              ? t("item.allClasses")
              : item.classes.map((id, index) => (
                  <span key={id}>
                    {index > 0 ? ", " : ""}
                    <Link to={`/class?id=${id}`} className="text-link underline underline-offset-2">
                      {localize(related.classes[id]?.name, language) || id}
                    </Link>
                  </span>
                ))}
          </p>
        </Section>
        <Section title={t("item.obtain")}>
          <ObtainList obtain={item.obtain} sources={sources} c={t} language={language} />
        </Section>
      </ServerHtml>
      <ServerHtml className="flex flex-col gap-5" version={item.id}>
        <Section title={t("item.makes")}>{recipeList(makes)}</Section>
        <Section title={t("item.uses")}>{recipeList(uses)}</Section>
      </ServerHtml>
      <Island name="item-market" component={MarketSlot} props={{ itemId: item.id, market }} when="visible" />
      <RecordView kind="items" id={item.id} />
    </article>
  );
}
