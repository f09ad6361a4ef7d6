import { Link } from "react-router";
import { useTranslation } from "../i18n/use-translation.tsx";
import { formatDate } from "../i18n/format.ts";

export interface ClanHoldView {
  clan: string;
  tag: string;
  server?: string | undefined;
  since: string;
}

/**
 * Who holds a district or manor: the clan (a link to its page when the pack names its server), its
 * tag and since when (a game-time date); or why no clan does (a safe zone cannot be held; elsewhere
 * it is contested).
 */
export function ClanHold({ owner, safeZone = false }: { owner: ClanHoldView | undefined; safeZone?: boolean }) {
  const { t, i18n } = useTranslation();
  if (!owner) return <span className="font-semibold">{t(safeZone ? "clanHold.safeZone" : "clanHold.none")}</span>;
  return (
    <span>
      {owner.server ? (
        // The clan's page by its server and tag: the page needs no database read to link it (issue 43).
        <Link
          to={`/clan?server=${encodeURIComponent(owner.server)}&tag=${encodeURIComponent(owner.tag)}`}
          className="font-semibold text-link underline underline-offset-2"
        >
          {owner.clan}
        </Link>
      ) : (
        <span className="font-semibold">{owner.clan}</span>
      )}{" "}
      <span className="font-mono text-sm text-fg-muted">[{owner.tag}]</span>
      <span className="block text-xs text-fg-muted">
        {t("clanHold.since", { date: formatDate(Date.parse(owner.since), i18n.language, { date: "medium" }) })}
      </span>
    </span>
  );
}
