import { numberFormat } from "../../shared/i18n/format.ts";
import type { TFunction } from "../../shared/i18n/translator.ts";

/** A rank's move since the last weekly snapshot: an arrow and the places, said in words to a screen reader. */
export function RankChange({ change, t }: { change: number | null; t: TFunction }) {
  if (change === null)
    return (
      <span className="text-xs font-semibold text-fg-muted" title={t("change.newLabel")}>
        {t("change.new")}
        <span className="sr-only"> ({t("change.newLabel")})</span>
      </span>
    );
  const key = change > 0 ? "up" : change < 0 ? "down" : "same";
  const count = Math.abs(change);
  return (
    <span className={change > 0 ? "text-green-700 dark:text-green-300" : change < 0 ? "text-red-700 dark:text-red-300" : "text-fg-muted"}>
      <span aria-hidden="true">{t(`change.${key}`, { count })}</span>
      <span className="sr-only">{t(`change.${key}Label`, { count })}</span>
    </span>
  );
}

/** A gain in power: signed, grouped as the reader writes numbers; a dash when there is nothing to compare with. */
export function Gain({ gain, language }: { gain: number | null; language: string }) {
  if (gain === null) return <span className="text-fg-muted">–</span>;
  const text = numberFormat(language).format(gain);
  return (
    <span className={gain > 0 ? "text-green-700 dark:text-green-300" : gain < 0 ? "text-red-700 dark:text-red-300" : ""}>
      {gain > 0 ? `+${text}` : text}
    </span>
  );
}

/** "unverified", beside numbers no moderator has checked. */
export function UnverifiedMark({ t }: { t: TFunction }) {
  return (
    <span className="ml-1 rounded-full border border-line px-1.5 text-xs text-fg-muted" title={t("unverifiedHint")}>
      {t("unverified")}
    </span>
  );
}
