import type { TFunction } from "../../shared/i18n/translator.ts";
import { Link } from "react-router";
import type { Stack, UpgradeCost } from "../../shared/content/manor-calc.ts";
import { entryHref } from "../../../universal/content/entry-links.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { numberFormat } from "../../shared/i18n/format.ts";

export type Localized = { vi: string; en: string };
export type Named = { name: Localized; icon?: string | undefined };
export type Tax = { percent: number; note: Localized | null };

export const link = "text-link underline underline-offset-2";

/** "20 × Iron Ingot" with the item's icon, linked to its page. */
export function MaterialLink({ stack, items, language }: { stack: Stack; items: Record<string, Named>; language: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <GameIcon icon={items[stack.item]?.icon ?? "game-icons:swap-bag"} size={20} />
      <span>
        <span className="tabular-nums">{numberFormat(language).format(stack.quantity)}</span> ×{" "}
        <Link to={entryHref(`item:${stack.item}`) ?? "#"} className={link}>
          {localize(items[stack.item]?.name, language) || stack.item}
        </Link>
      </span>
    </span>
  );
}

/** A cost in one cell: gold, hours, then its materials as item links. */
export function CostCell({
  cost,
  items,
  language,
  t,
}: {
  cost: UpgradeCost;
  items: Record<string, Named>;
  language: string;
  t: TFunction;
}) {
  const number = numberFormat(language);
  return (
    <div className="flex flex-col gap-1">
      <span className="tabular-nums">
        {t("manor.cost.gold", { gold: number.format(cost.gold) })} · {t("manor.cost.hours", { hours: number.format(cost.hours) })}
      </span>
      {cost.materials.length > 0 ? (
        <ul className="flex flex-col gap-1">
          {cost.materials.map((stack) => (
            <li key={stack.item}>
              <MaterialLink stack={stack} items={items} language={language} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
