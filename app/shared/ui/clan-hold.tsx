import { useTranslation } from "../i18n/use-translation.tsx";
import { formatDate } from "../i18n/format.ts";

export interface ClanHoldView {
  clan: string;
  tag: string;
  since: string;
}

/**
 * Who holds a district or manor: the clan, its tag and since when (a game-time date); or why no
 * clan does (a safe zone cannot be held; elsewhere it is contested).
 */
export function ClanHold({ owner, safeZone = false }: { owner: ClanHoldView | undefined; safeZone?: boolean }) {
  const { t, i18n } = useTranslation();
  if (!owner) return <span className="font-semibold">{t(safeZone ? "clanHold.safeZone" : "clanHold.none")}</span>;
  return (
    <span>
      <span className="font-semibold">{owner.clan}</span> <span className="font-mono text-sm text-fg-muted">[{owner.tag}]</span>
      <span className="block text-xs text-fg-muted">
        {t("clanHold.since", { date: formatDate(Date.parse(owner.since), i18n.language, { date: "medium" }) })}
      </span>
    </span>
  );
}
