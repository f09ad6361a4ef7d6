import { RecordView } from "../../shared/content/record-view.tsx";
import type { Localized, Mount } from "../../../universal/content/pack-schema.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";

import { RarityBadge } from "../../shared/ui/rarity.tsx";
import { EntryHeader, ObtainList, Section, StatList } from "../../shared/ui/catalog-parts.tsx";

export interface MountDetailProps {
  i18n: RouteMessages;
  catalogI18n: RouteMessages;
  language: string;
  mount: Mount;
  /** Names of the places `mount.obtain` points at, by reference. */
  sources: Record<string, Localized>;
}

/** `/mounts/detail?id=`: riding speed, seats, terrains, stats and how to get the mount. */
export function MountDetailPage({ i18n, catalogI18n, language, mount, sources }: MountDetailProps) {
  const { t: c } = useRouteMessages(catalogI18n);
  const { t } = useRouteMessages(i18n);
  const name = localize(mount.name, language);
  return (
    <article className="mx-auto flex max-w-4xl flex-col gap-5">
      <RecordView kind="mounts" id={mount.id} />
      <div>
        <Breadcrumbs current={name} />
        <EntryHeader
          rarity={mount.rarity}
          icon={mount.icon}
          name={name}
          facts={
            <>
              <span>{t("level", { level: mount.level })}</span>
              <RarityBadge rarity={mount.rarity} t={c} />
            </>
          }
          description={localize(mount.description, language)}
          star={{ kind: "mounts", id: mount.id }}
        />
      </div>

      <Section title={t("mounts.riding")}>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
          <div className="col-span-2 rounded-lg border border-line p-3 sm:col-span-1">
            <dt className="text-fg-muted">{t("mounts.speedBonusLabel")}</dt>
            <dd className="mt-1 text-lg font-bold">{t("mounts.speedBonusValue", { value: mount.speedBonus })}</dd>
          </div>
          <div className="rounded-lg border border-line p-3">
            <dt className="text-fg-muted">{t("mounts.seats")}</dt>
            <dd className="mt-1 text-lg font-bold">{t("mounts.seatsValue", { count: mount.seats })}</dd>
          </div>
          <div className="rounded-lg border border-line p-3">
            <dt className="text-fg-muted">{t("mounts.terrains")}</dt>
            <dd className="mt-1 text-lg font-bold">{mount.terrains.map((terrain) => t(`mounts.terrainNames.${terrain}`)).join(", ")}</dd>
          </div>
        </dl>
      </Section>

      <div className="grid gap-5 md:grid-cols-2">
        <Section title={t("stats")}>
          <StatList stats={mount.stats} c={c} t={t} language={language} />
        </Section>
        <Section title={t("obtain")}>
          <ObtainList obtain={mount.obtain} sources={sources} c={c} language={language} />
        </Section>
      </div>
    </article>
  );
}
