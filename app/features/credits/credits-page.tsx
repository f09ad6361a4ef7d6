import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { numberFormat } from "../../shared/i18n/format.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Section, textLink } from "../../shared/ui/catalog-parts.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";

export interface CreditsProps {
  i18n: RouteMessages;
  /** The game-icons.net icons the content pack uses, by name. */
  icons: string[];
  /** How many icons the installed set holds. */
  iconTotal: number;
  software: readonly { name: string; npm: string; license: string; url: string }[];
}

const external = { target: "_blank", rel: "noopener noreferrer" } as const;

/** `/credits`: who made the icons (CC BY 3.0 asks for it), the demo world, and the open-source parts. */
export function CreditsPage({ i18n, icons, iconTotal, software }: CreditsProps) {
  const { t } = useRouteMessages(i18n);
  const { t: common } = useTranslation();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{common("pages.credits.title")}</h1>
        <p className="mt-2 text-fg-muted">{t("lead")}</p>
      </div>

      <Section title={t("icons.title")}>
        <p>
          {t("icons.text")}{" "}
          <a href="https://game-icons.net/" className={textLink} {...external}>
            game-icons.net
          </a>
          , {t("icons.license")}{" "}
          <a href="https://creativecommons.org/licenses/by/3.0/" className={textLink} target="_blank" rel="noopener noreferrer license">
            CC BY 3.0
          </a>
          .
        </p>
        <p className="mt-2 text-sm text-fg-muted">
          {t("icons.package", { package: "@iconify-json/game-icons", total: numberFormat(i18n.language).format(iconTotal) })}
        </p>
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-semibold">{t("icons.list", { count: icons.length })}</summary>
          <ul className="mt-3 grid grid-cols-2 gap-2 text-xs sm:grid-cols-3">
            {icons.map((name) => (
              <li key={name} className="flex min-w-0 items-center gap-2">
                <GameIcon icon={name} size={28} />
                <span className="truncate">{name}</span>
              </li>
            ))}
          </ul>
        </details>
      </Section>

      <Section title={t("world.title")}>
        <p>{t("world.text")}</p>
        <p className="mt-2 text-sm text-fg-muted">{common("footer.fanMade")}</p>
      </Section>

      <Section title={t("software.title")}>
        <p>{t("software.lead")}</p>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {software.map((entry) => (
            <li key={entry.npm}>
              <a href={entry.url} className={textLink} {...external}>
                {entry.name}
              </a>{" "}
              <span className="text-sm text-fg-muted">({entry.license})</span>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
