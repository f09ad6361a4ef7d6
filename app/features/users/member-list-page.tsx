import { Link } from "react-router";
import { roles } from "../../../universal/auth/permissions.ts";
import { knownBadgeValues, memberSorts, type PublicMember } from "../../../universal/users/users-limits.ts";
import { titleBands, type RankedMember, type RankingPeriod } from "../../../universal/contribution/contribution-levels.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { Avatar, Badges } from "../../shared/ui/badges.tsx";
import { EmptyState, FilterForm, PageHeading, SelectField, useHref } from "../../shared/ui/catalog-parts.tsx";
import { ContributionRanking } from "../../shared/contribution/contribution-ranking.tsx";

/** The titles the filter offers: each level band's, then the ones admins commonly give. */
const titleValues = [...new Set<string>([...titleBands.map((band) => band.title), ...knownBadgeValues])];

export interface MemberListProps {
  i18n: RouteMessages;
  members: PublicMember[];
  nextCursor: string | null;
  /** Whether this is a later page (reached through "more"). */
  paged: boolean;
  /** A tag or title in the URL that the filters do not offer (one an admin made up): offered too. */
  extraTags: string[];
  extraTitles: string[];
  /** The contribution ranking beside the directory, for the period in the URL (`ranking`). */
  rankingPeriod: RankingPeriod;
  ranking: RankedMember[];
}

/** The member directory: search without accents, filters and sort as a GET form, pages by cursor. */
export function MemberListPage({ i18n, members, nextCursor, paged, extraTags, extraTitles, rankingPeriod, ranking }: MemberListProps) {
  const { t } = useRouteMessages(i18n);
  const { t: common } = useTranslation();
  const href = useHref();
  const badgeValue = (value: string) => common(`badges.values.${value}`, { defaultValue: value });
  const pageLink = "inline-flex min-h-11 items-center rounded-md border border-line bg-surface px-4 font-semibold";

  return (
    <div className="mx-auto max-w-6xl">
      <Breadcrumbs />
      <PageHeading pageKey="users" />
      <div className="mt-5 flex flex-col gap-6 lg:flex-row-reverse lg:items-start">
        <aside className="lg:mt-5 lg:w-80 lg:shrink-0">
          <ContributionRanking period={rankingPeriod} ranking={ranking} />
        </aside>
        <div className="min-w-0 flex-1">
          <FilterForm
            t={t}
            searchId="member-search"
            searchLabel={t("search.label")}
            placeholder={t("search.placeholder")}
            results={t("shown", { count: members.length })}
          >
            <SelectField
              name="role"
              label={t("filters.role")}
              values={roles}
              optionLabel={(value) => common(`badges.roles.${value}`)}
              anyLabel={t("filters.any")}
            />
            <SelectField
              name="tag"
              label={t("filters.tag")}
              values={[...knownBadgeValues, ...extraTags]}
              optionLabel={badgeValue}
              anyLabel={t("filters.any")}
            />
            <SelectField
              name="title"
              label={t("filters.title")}
              values={[...titleValues, ...extraTitles]}
              optionLabel={badgeValue}
              anyLabel={t("filters.any")}
            />
            <SelectField name="sort" label={t("filters.sort")} values={memberSorts} optionLabel={(value) => t(`sorts.${value}`)} />
          </FilterForm>

          {members.length === 0 ? (
            <EmptyState t={t} />
          ) : (
            <ul aria-label={t("list")} className="mt-5 grid grid-cols-1 gap-3 sm:grid-cols-2">
              {members.map((member) => (
                <li key={member.uid}>
                  <Link
                    to={`/users?id=${encodeURIComponent(member.uid)}`}
                    className="flex h-full items-start gap-3 rounded-xl border border-line bg-surface p-4 hover:border-brand"
                  >
                    <Avatar name={member.displayName} image={member.photoURL} size={48} />
                    <span className="flex min-w-0 flex-col gap-1">
                      <span className="truncate font-semibold">{member.displayName}</span>
                      <Badges subject={member} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}

          {nextCursor || paged ? (
            <nav aria-label={t("list")} className="mt-6 flex flex-wrap items-center justify-between gap-3">
              {paged ? (
                <Link to={href({ cursor: null })} className={pageLink}>
                  {t("first")}
                </Link>
              ) : (
                <span />
              )}
              {nextCursor ? (
                <Link to={href({ cursor: nextCursor })} className={pageLink}>
                  {t("more")}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </div>
      </div>
    </div>
  );
}
