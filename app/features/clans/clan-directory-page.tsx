import { Link } from "react-router";
import type { ClanRole } from "../../../universal/clans/clan-permissions.ts";
import { clanHref, clanLanguages, type ClanRequest, type ClanSummary } from "../../../universal/clans/clan-limits.ts";
import type { ClansQuery } from "../../../universal/clans/clan-schemas.ts";
import type { Language } from "../../../universal/i18n/languages.ts";
import { pickMessages, useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Island } from "../../shared/islands/island.tsx";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { FilterForm, PageHeading, SelectField, useHref } from "../../shared/ui/catalog-parts.tsx";
import { SignInPrompt } from "../../shared/ui/sign-in-prompt.tsx";
import { ClanCreate, InviteAnswer } from "./clan-forms.tsx";
import { ClanCard } from "./clan-parts.tsx";

export interface ClanDirectoryProps {
  i18n: RouteMessages;
  language: Language;
  servers: { id: string; name: string }[];
  query: ClansQuery;
  clans: ClanSummary[];
  nextCursor: number | null;
  /** The reader's clans and the invitations waiting for them; null for a visitor. */
  mine: { clans: (ClanSummary & { role: ClanRole })[]; invites: (ClanRequest & { clan: ClanSummary })[] } | null;
  signedIn: boolean;
  /** The found-a-clan form's words (its island carries only these). */
  createI18n: RouteMessages;
}

const card = "rounded-xl border border-line bg-surface p-4 sm:p-5";
const pageLink = "inline-flex min-h-11 items-center rounded-md border border-line bg-surface px-4 font-semibold";

/**
 * The clan directory: the reader's own clans and invitations first, then every visible clan as a GET
 * form filters it (server, language, recruiting, a folded search, the sort), a page at a time, and the
 * form to found a clan. Server HTML; the forms are islands that wake when used.
 */
export function ClanDirectoryPage({ i18n, language, servers, query, clans, nextCursor, mine, signedIn, createI18n }: ClanDirectoryProps) {
  const { t } = useRouteMessages(i18n);
  const href = useHref();
  const serverName = (id: string) => servers.find((server) => server.id === id)?.name ?? id;
  const answerI18n = pickMessages(i18n, ["mine", "errors"]);

  return (
    <div className="mx-auto max-w-5xl">
      <Breadcrumbs />
      <PageHeading pageKey="clan" />
      <p className="mt-2 text-sm text-fg-muted">{t("directory.lead")}</p>

      {mine ? (
        <section aria-labelledby="my-clans" className={`${card} mt-5`}>
          <h2 id="my-clans" className="text-lg font-bold">
            {t("mine.title")}
          </h2>
          {mine.clans.length === 0 ? (
            <p className="mt-2 text-sm text-fg-muted">{t("mine.none")}</p>
          ) : (
            <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
              {mine.clans.map((clan) => (
                <li key={clan.id}>
                  <ClanCard
                    clan={clan}
                    serverName={serverName(clan.server)}
                    language={language}
                    t={t}
                    note={t("mine.role", { role: t(`roles.${clan.role}`) })}
                  />
                </li>
              ))}
            </ul>
          )}
          {mine.invites.length > 0 ? (
            <div id="invites" className="mt-4">
              <h3 className="font-semibold">{t("mine.invites")}</h3>
              <ul className="mt-2 flex flex-col gap-3">
                {mine.invites.map((invite) => (
                  <li key={invite.id} className="flex flex-col gap-2 rounded-lg border border-line p-3 sm:flex-row sm:items-center">
                    <Link to={clanHref(invite.clanId)} className="min-w-0 flex-1 font-semibold text-link underline underline-offset-2">
                      {invite.clan.name} [{invite.clan.tag}] · {serverName(invite.clan.server)}
                    </Link>
                    <Island
                      name="clan-invite-answer"
                      component={InviteAnswer}
                      props={{ i18n: answerI18n, inviteId: invite.id }}
                      when="used"
                    />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      ) : null}

      <FilterForm
        t={t}
        searchId="clan-search"
        searchLabel={t("directory.search")}
        placeholder={t("directory.search")}
        results={t("directory.shown", { count: clans.length })}
      >
        <SelectField
          name="server"
          label={t("directory.server")}
          values={servers.map((server) => server.id)}
          optionLabel={serverName}
          anyLabel={t("directory.anyServer")}
        />
        <SelectField
          name="language"
          label={t("directory.language")}
          values={clanLanguages}
          optionLabel={(value) => t(`summary.languages.${value}`)}
          anyLabel={t("directory.anyLanguage")}
        />
        <SelectField
          name="recruiting"
          label={t("directory.recruiting")}
          values={["true", "false"]}
          optionLabel={(value) => t(value === "true" ? "directory.recruitingOnly" : "directory.closedOnly")}
          anyLabel={t("directory.anyRecruiting")}
        />
        <SelectField
          name="sort"
          label={t("directory.sort")}
          values={["members", "power"]}
          optionLabel={(value) => t(value === "power" ? "directory.sortPower" : "directory.sortMembers")}
        />
      </FilterForm>

      <section aria-labelledby="clan-results" className="mt-5">
        <h2 id="clan-results" className="sr-only">
          {t("directory.results")}
        </h2>
        {clans.length === 0 ? (
          <p className="rounded-xl border border-dashed border-line bg-surface p-6 text-center text-fg-muted">{t("directory.empty")}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {clans.map((clan) => (
              <li key={clan.id}>
                <ClanCard clan={clan} serverName={serverName(clan.server)} language={language} t={t} />
              </li>
            ))}
          </ul>
        )}
        {nextCursor !== null || query.cursor ? (
          <nav aria-label={t("directory.results")} className="mt-5 flex flex-wrap items-center justify-between gap-3">
            {query.cursor ? (
              <Link to={href({ cursor: null })} className={pageLink}>
                {t("directory.first")}
              </Link>
            ) : (
              <span />
            )}
            {nextCursor !== null ? (
              <Link to={href({ cursor: String(nextCursor) })} className={pageLink}>
                {t("directory.more")}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>

      <section aria-labelledby="clan-create" className={`${card} mt-6`}>
        <h2 id="clan-create" className="text-lg font-bold">
          {t("create.title")}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">{t("create.lead")}</p>
        {signedIn ? (
          <Island name="clan-create" component={ClanCreate} props={{ i18n: createI18n, servers }} when="used" />
        ) : (
          <SignInPrompt text={t("create.signIn")} action={t("create.signInAction")} back="/clan" />
        )}
      </section>
    </div>
  );
}
