import { Link } from "react-router";
import type { ClanPage } from "../../../server/clans/clans.ts";
import { mayChangeRole, mayInClan, mayRemove, type ClanRole } from "../../../universal/clans/clan-permissions.ts";
import type { Language } from "../../../universal/i18n/languages.ts";
import { numberFormat } from "../../shared/i18n/format.ts";
import { pickMessages, useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Island } from "../../shared/islands/island.tsx";
import { EntryBreadcrumbs } from "../../shared/ui/catalog-parts.tsx";
import { GameTime, ReaderTime } from "../../shared/ui/countdown.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { SignInPrompt } from "../../shared/ui/sign-in-prompt.tsx";
import { EventAnswer, EventSchedule } from "./clan-event-forms.tsx";
import { AnnounceForm, InviteMember, MemberManage, MembershipActions, RequestAnswer } from "./clan-forms.tsx";
import { ClanSettings } from "./clan-settings.tsx";
import { ClanFacts, RecruitingLabel } from "./clan-parts.tsx";

export interface ClanPageProps {
  i18n: RouteMessages;
  language: Language;
  clan: ClanPage;
  serverName: string;
  signedIn: boolean;
}

const card = "rounded-xl border border-line bg-surface p-4 sm:p-5";
const ACTION_MESSAGES = ["actions", "errors", "roles", "mine", "events"];

/** Whether `actor` may do anything to a member with `role` (a button to show). */
function mayManage(actor: ClanRole | null, role: ClanRole): boolean {
  return (
    mayRemove(actor, role) ||
    mayChangeRole(actor, role, role === "officer" ? "member" : "officer") ||
    (mayInClan(actor, "lead:transfer") && role !== "leader")
  );
}

/**
 * A clan's page: its header and the reader's own action (ask to join, take an invitation, leave), its
 * announcements, members with their roles, the requests and invitations its officers answer, its
 * activity, the link to its room for members, and the leader's settings. Server HTML; each form is an
 * island that wakes when used.
 */
export function ClanPageView({ i18n, language, clan, serverName, signedIn }: ClanPageProps) {
  const { t } = useRouteMessages(i18n);
  const role = clan.me.role;
  const officer = mayInClan(role, "request:approve");
  const actionI18n = pickMessages(i18n, ACTION_MESSAGES);
  const nameOf = (name: string | null) => name || t("log.someone");

  return (
    <div className="mx-auto max-w-5xl">
      <EntryBreadcrumbs listKey="clan" current={`${clan.name} [${clan.tag}]`} />
      <header className={`${card} flex flex-col gap-4 sm:flex-row sm:items-start`}>
        <GameIcon icon={clan.emblem} size={72} />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <h1 className="text-2xl font-bold break-words sm:text-3xl">
            {clan.name} <span className="text-fg-muted">[{clan.tag}]</span>
          </h1>
          <div className="flex flex-wrap items-center gap-3">
            <RecruitingLabel recruiting={clan.recruiting} t={t} />
            {role ? <span className="text-sm font-semibold">{t("mine.role", { role: t(`roles.${role}`) })}</span> : null}
          </div>
          <ClanFacts clan={clan} serverName={serverName} language={language} t={t} />
          {signedIn ? (
            <Island
              name="clan-membership"
              component={MembershipActions}
              props={{ i18n: actionI18n, clanId: clan.id, clanName: clan.name, recruiting: clan.recruiting, me: clan.me }}
              when="used"
            />
          ) : (
            <div className="[&>p]:mt-0">
              <SignInPrompt text={t("page.signIn", { name: clan.name })} action={t("page.signInAction")} back={`/clan?id=${clan.id}`} />
            </div>
          )}
          {role && clan.roomId ? (
            <p className="flex flex-col gap-1">
              <Link
                to={`/chat?room=${encodeURIComponent(clan.roomId)}`}
                className="inline-flex min-h-11 w-fit items-center rounded-md bg-brand px-4 font-semibold text-on-brand"
              >
                {t("page.room")}
              </Link>
              <span className="text-xs text-fg-muted">{t("page.roomHint")}</span>
            </p>
          ) : null}
        </div>
      </header>

      <div className="mt-5 grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-5">
          <section aria-labelledby="clan-announcements" className={`${card} flex flex-col gap-3`}>
            <h2 id="clan-announcements" className="text-lg font-bold">
              {t("page.announcements")}
            </h2>
            {clan.announcements.length === 0 ? (
              <p className="text-sm text-fg-muted">{t("page.noAnnouncements")}</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {clan.announcements.map((announcement) => (
                  <li key={announcement.id} className="rounded-lg border border-line p-3">
                    <p className="break-words whitespace-pre-line">{announcement.text}</p>
                    <p className="mt-1 text-xs text-fg-muted">
                      {nameOf(announcement.author?.displayName ?? null)} ·{" "}
                      <ReaderTime at={announcement.createdAt} language={language} style="medium" />
                    </p>
                  </li>
                ))}
              </ul>
            )}
            {mayInClan(role, "announce") ? (
              <Island name="clan-announce" component={AnnounceForm} props={{ i18n: actionI18n, clanId: clan.id }} when="used" />
            ) : null}
          </section>

          <section id="events" aria-labelledby="clan-events" className={`${card} flex flex-col gap-3`}>
            <h2 id="clan-events" className="text-lg font-bold">
              {t("events.title")}
            </h2>
            {clan.events.length === 0 ? (
              <p className="text-sm text-fg-muted">{t("events.none")}</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {clan.events.map((event) => (
                  <li key={event.id} className="flex flex-col gap-2 rounded-lg border border-line p-3">
                    <p className="font-semibold break-words">{event.title}</p>
                    <p className="text-sm">
                      <GameTime at={event.next} language={language} />
                      {event.repeat === "weekly" ? <span className="text-fg-muted"> · {t("events.weekly")}</span> : null}
                    </p>
                    <p className="text-sm text-fg-muted">{t("events.counts", event.answers)}</p>
                    {mayInClan(role, "event:answer") ? (
                      <Island
                        name="clan-event-answer"
                        component={EventAnswer}
                        props={{
                          i18n: actionI18n,
                          event: { id: event.id, title: event.title, mine: event.mine },
                          mayCancel: mayInClan(role, "event:schedule"),
                        }}
                        when="used"
                      />
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            {mayInClan(role, "event:schedule") ? (
              <>
                <p className="text-xs text-fg-muted">{t("events.reminder")}</p>
                <Island name="clan-event-schedule" component={EventSchedule} props={{ i18n: actionI18n, clanId: clan.id }} when="used" />
              </>
            ) : null}
          </section>

          <section aria-labelledby="clan-members" className={`${card} flex flex-col gap-3`}>
            <h2 id="clan-members" className="text-lg font-bold">
              {t("page.members")} ({clan.memberCount})
            </h2>
            <ul className="flex flex-col divide-y divide-line">
              {clan.members.map((member) => (
                <li key={member.uid} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
                  <span className="flex min-w-0 flex-1 flex-col">
                    <Link
                      to={`/users?id=${encodeURIComponent(member.uid)}`}
                      className="w-fit font-semibold text-link underline underline-offset-2"
                    >
                      {member.displayName || t("log.someone")}
                    </Link>
                    <span className="text-xs text-fg-muted">
                      {t(`roles.${member.role}`)} ·{" "}
                      {member.power === null
                        ? t("summary.noPower")
                        : t("summary.power", { power: numberFormat(language).format(member.power) })}{" "}
                      · {t("page.joined")} <ReaderTime at={member.joinedAt} language={language} style="medium" />
                    </span>
                  </span>
                  {role && member.role !== "leader" && mayManage(role, member.role) ? (
                    <Island
                      name="clan-member-manage"
                      component={MemberManage}
                      props={{
                        i18n: actionI18n,
                        clanId: clan.id,
                        actorRole: role,
                        member: { uid: member.uid, displayName: member.displayName, role: member.role },
                      }}
                      when="used"
                    />
                  ) : null}
                </li>
              ))}
            </ul>
          </section>

          {officer ? (
            <section id="requests" aria-labelledby="clan-requests" className={`${card} flex flex-col gap-3`}>
              <h2 id="clan-requests" className="text-lg font-bold">
                {t("page.requests")}
              </h2>
              {(clan.requests ?? []).length === 0 ? (
                <p className="text-sm text-fg-muted">{t("page.noRequests")}</p>
              ) : (
                <ul className="flex flex-col divide-y divide-line">
                  {(clan.requests ?? []).map((request) => (
                    <li key={request.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
                      <span className="flex min-w-0 flex-1 flex-col">
                        <Link
                          to={`/users?id=${encodeURIComponent(request.uid)}`}
                          className="w-fit font-semibold text-link underline underline-offset-2"
                        >
                          {request.displayName || t("log.someone")}
                        </Link>
                        <span className="text-xs text-fg-muted">
                          {t("page.asked")} <ReaderTime at={request.createdAt} language={language} style="medium" />
                        </span>
                      </span>
                      <Island
                        name="clan-request-answer"
                        component={RequestAnswer}
                        props={{ i18n: actionI18n, clanId: clan.id, uid: request.uid }}
                        when="used"
                      />
                    </li>
                  ))}
                </ul>
              )}
              {(clan.invites ?? []).length > 0 ? (
                <>
                  <h3 className="font-semibold">{t("page.invitesSent")}</h3>
                  <ul className="flex flex-col gap-1 text-sm">
                    {(clan.invites ?? []).map((invite) => (
                      <li key={invite.id}>
                        {invite.displayName || t("log.someone")} · {t("page.invitedOn")}{" "}
                        <ReaderTime at={invite.createdAt} language={language} style="medium" />
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              <Island name="clan-invite" component={InviteMember} props={{ i18n: actionI18n, clanId: clan.id }} when="used" />
            </section>
          ) : null}

          {mayInClan(role, "clan:edit") ? (
            <section aria-labelledby="clan-settings" className={`${card} flex flex-col gap-3`}>
              <h2 id="clan-settings" className="text-lg font-bold">
                {t("settings.title")}
              </h2>
              <Island
                name="clan-settings"
                component={ClanSettings}
                props={{
                  i18n: pickMessages(i18n, [
                    ...ACTION_MESSAGES,
                    "settings",
                    "create",
                    "emblems",
                    "summary.languages",
                    "directory.language",
                  ]),
                  clan: { id: clan.id, name: clan.name, emblem: clan.emblem, language: clan.language, recruiting: clan.recruiting },
                }}
                when="used"
              />
            </section>
          ) : null}
        </div>

        <aside aria-labelledby="clan-log" className={`${card} flex flex-col gap-3 self-start`}>
          <h2 id="clan-log" className="text-lg font-bold">
            {t("page.log")}
          </h2>
          <ol className="flex flex-col gap-2 text-sm">
            {clan.log.map((line) => (
              <li key={line.id} className="flex flex-col">
                <span>
                  {t(`log.${line.kind}`, { actor: nameOf(line.actorName), target: nameOf(line.targetName), defaultValue: line.kind })}
                </span>
                <ReaderTime at={line.createdAt} language={language} style="medium" className="text-xs text-fg-muted" />
              </li>
            ))}
          </ol>
        </aside>
      </div>
    </div>
  );
}
