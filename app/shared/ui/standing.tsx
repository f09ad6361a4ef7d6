import type { ReputationCounts } from "../../../universal/offers/offer-types.ts";
import type { TFunction } from "../i18n/translator.ts";

/**
 * "+12 / −1 · 13 trades": what a trader's past says, in one line (the offer pages and the item page's
 * market). `t` reads `reputation.title` and `reputation.trades` from the page's messages.
 */
export function Standing({ reputation, t }: { reputation: ReputationCounts; t: TFunction }) {
  return (
    <span className="whitespace-nowrap" title={t("reputation.title")}>
      <span className="font-semibold text-emerald-800 dark:text-emerald-300">
        {reputation.positive > 0 ? `+${reputation.positive}` : "0"}
      </span>
      {" / "}
      <span className="font-semibold text-red-700 dark:text-red-300">{reputation.negative > 0 ? `−${reputation.negative}` : "0"}</span>
      {" · "}
      {t("reputation.trades", { count: reputation.trades })}
    </span>
  );
}
