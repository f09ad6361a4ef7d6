import { RecordView } from "../../shared/content/record-view.tsx";

import type { TFunction } from "../../shared/i18n/translator.ts";
import { Link } from "react-router";
import type { Localized, Pet } from "../../../universal/content/pack-schema.ts";
import { localize } from "../../shared/i18n/localize.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";

import { RarityBadge } from "../../shared/ui/rarity.tsx";
import {
  duration,
  EntryBreadcrumbs,
  EntryCard,
  EntryHeader,
  FilterForm,
  ObtainList,
  PageHeading,
  RarityFilter,
  ResultList,
  Section,
  SelectField,
  StatList,
  textLink,
  useHref,
} from "../../shared/ui/catalog-parts.tsx";

const ELEMENTS = ["fire", "water", "wind", "earth", "light", "shadow"] as const;
const SORTS = ["relevance", "level-asc", "level-desc", "rarity", "name"] as const;

export interface PetPageProps {
  i18n: RouteMessages;
  catalogI18n: RouteMessages;
  language: string;
  entries: Pet[];
  total: number;
  perPage: number;
  page: number;
  selected: { pet: Pet; sources: Record<string, Localized> } | null;
}

/** `/pets`: the pet list with element and rarity filters, or one pet when `?id=` names it. */
export function PetPage({ i18n, catalogI18n, language, entries, total, perPage, page, selected }: PetPageProps) {
  const { t: c } = useRouteMessages(catalogI18n);
  const { t } = useRouteMessages(i18n);
  const href = useHref();
  if (selected) return <PetDetail t={t} c={c} language={language} back={href({ id: null })} {...selected} />;
  return (
    <div className="mx-auto max-w-6xl">
      <Breadcrumbs />
      <PageHeading pageKey="pets" />
      <FilterForm
        t={t}
        searchId="pet-search"
        searchLabel={t("pets.searchLabel")}
        placeholder={t("pets.searchPlaceholder")}
        results={t("pets.results", { count: total })}
      >
        <SelectField
          name="element"
          label={t("filters.element")}
          values={ELEMENTS}
          optionLabel={(value) => t(`pets.elements.${value}`)}
          anyLabel={t("filters.any")}
        />
        <RarityFilter t={t} c={c} />
        <div className="col-span-2">
          <SelectField name="sort" label={t("filters.sort")} values={SORTS} optionLabel={(value) => t(`sorts.${value}`)} />
        </div>
      </FilterForm>

      <ResultList t={t} entries={entries} pages={{ total, perPage, page }}>
        {(pet) => (
          <EntryCard to={href({ id: pet.id })} rarity={pet.rarity} icon={pet.icon} name={localize(pet.name, language)}>
            <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-fg-muted">
              <span>{t("level", { level: pet.level })}</span>
              <span>
                {t("pets.element")} {t(`pets.elements.${pet.element}`)}
              </span>
              <RarityBadge rarity={pet.rarity} t={c} />
            </span>
            <span className="mt-1 block truncate text-xs text-fg-muted">
              {t("pets.skill")}: {localize(pet.skill.name, language)}
            </span>
          </EntryCard>
        )}
      </ResultList>
    </div>
  );
}

function PetDetail({
  t,
  c,
  language,
  back,
  pet,
  sources,
}: {
  t: TFunction;
  c: TFunction;
  language: string;
  back: string;
  pet: Pet;
  sources: Record<string, Localized>;
}) {
  const name = localize(pet.name, language);
  return (
    <article className="mx-auto flex max-w-4xl flex-col gap-5">
      <RecordView kind="pets" id={pet.id} />
      <div>
        <EntryBreadcrumbs listKey="pets" current={name} />
        <EntryHeader
          rarity={pet.rarity}
          icon={pet.icon}
          name={name}
          facts={
            <>
              <span>{t("level", { level: pet.level })}</span>
              <span>
                {t("pets.element")} {t(`pets.elements.${pet.element}`)}
              </span>
              <RarityBadge rarity={pet.rarity} t={c} />
            </>
          }
          description={localize(pet.description, language)}
          star={{ kind: "pets", id: pet.id }}
        />
      </div>

      <Section title={t("pets.skill")}>
        <h3 className="font-semibold">{localize(pet.skill.name, language)}</h3>
        <p className="mt-0.5 text-xs text-fg-muted">
          {pet.skill.cooldownSeconds > 0 ? t("pets.cooldown", { time: duration(t, pet.skill.cooldownSeconds) }) : t("class.noCooldown")}
        </p>
        <p className="mt-2 text-sm">{localize(pet.skill.description, language)}</p>
      </Section>

      <div className="grid gap-5 md:grid-cols-2">
        <Section title={t("stats")}>
          <StatList stats={pet.stats} c={c} t={t} language={language} />
        </Section>
        <Section title={t("obtain")}>
          <ObtainList obtain={pet.obtain} sources={sources} c={c} language={language} />
        </Section>
      </div>
      <p>
        <Link to={back} className={textLink}>
          ← {t("pets.back")}
        </Link>
      </p>
    </article>
  );
}
