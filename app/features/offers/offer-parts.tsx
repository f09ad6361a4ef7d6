/** Small parts the offer pages share: the side and status badges, the trader's presence, one offer as a list row. */
import { Link } from "react-router";
import type { Localized } from "../../../universal/content/pack-schema.ts";
import type { Offer, OfferSide, OfferStatus } from "../../../universal/offers/offer-types.ts";
import { formatAgo, numberFormat } from "../../shared/i18n/format.ts";
import { localize } from "../../shared/i18n/localize.ts";
import type { TFunction } from "../../shared/i18n/translator.ts";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { formatGold } from "./offer-text.ts";

export type Named = { name: Localized; icon?: string | undefined };

const sideTone: Record<OfferSide, string> = {
  sell: "border-emerald-700 text-emerald-800 dark:border-emerald-400 dark:text-emerald-300",
  buy: "border-link text-link",
};

export function SideBadge({ side, t }: { side: OfferSide; t: TFunction }) {
  return (
    <span className={`inline-flex min-h-6 items-center rounded-full border px-2 text-xs font-bold uppercase ${sideTone[side]}`}>
      {t(`side.${side}`)}
    </span>
  );
}

const statusTone: Record<OfferStatus, string> = {
  open: "bg-accent-soft text-fg",
  reserved: "bg-surface-muted text-fg",
  completed: "bg-surface-muted text-fg",
  cancelled: "bg-surface-muted text-fg-muted",
  expired: "bg-surface-muted text-fg-muted",
};

export function StatusBadge({ status, t }: { status: OfferStatus; t: TFunction }) {
  return (
    <span data-status={status} className={`inline-flex min-h-6 items-center rounded-full px-2 text-xs font-semibold ${statusTone[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
}

/** Online now, or when the trader was last seen; nothing relative before the device's clock is known (`now` 0). */
export function Presence({
  online,
  lastSeenAt,
  now,
  t,
  language,
}: {
  online: boolean;
  lastSeenAt: number | null;
  now: number;
  t: TFunction;
  language: string;
}) {
  if (online)
    return (
      <span className="inline-flex items-center gap-1.5" data-presence="online">
        <span aria-hidden="true" className="inline-block size-2 rounded-full bg-emerald-500" />
        {t("presence.online")}
      </span>
    );
  if (lastSeenAt === null || now === 0) return <span data-presence="offline">{t("presence.offline")}</span>;
  return <span data-presence="offline">{t("presence.seen", { ago: formatAgo(lastSeenAt, now, language) })}</span>;
}

/** One of my offers in a list: what, how much, where, and its state; the whole row opens it. */
export function OfferRow({
  offer,
  item,
  serverName,
  t,
  language,
}: {
  offer: Offer;
  item: Named | undefined;
  serverName: string;
  t: TFunction;
  language: string;
}) {
  const name = localize(item?.name, language) || offer.itemId;
  return (
    <Link
      to={`/me/make-offer/detail?id=${offer.id}`}
      className="flex items-center gap-3 rounded-lg border border-line bg-surface p-3 hover:border-brand"
    >
      {item?.icon ? <GameIcon icon={item.icon} size={40} /> : null}
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-2">
          <SideBadge side={offer.side} t={t} />
          <span className="truncate font-semibold">{name}</span>
        </span>
        <span className="mt-1 block text-sm text-fg-muted">
          {t("row.amount", { quantity: numberFormat(language).format(offer.quantity), price: formatGold(t, language, offer.unitPrice) })} ·{" "}
          {serverName} · {offer.characterName}
        </span>
      </span>
      <StatusBadge status={offer.status} t={t} />
    </Link>
  );
}
