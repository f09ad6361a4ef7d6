import { useState, type FormEvent, type ReactNode } from "react";
import { roles, type Role } from "../../../universal/auth/permissions.ts";
import type { AdminMemberDetail } from "../../../server/admin/admin-members.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { formatDate, numberFormat } from "../../shared/i18n/format.ts";
import { pickMessages, useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Island } from "../../shared/islands/island.tsx";
import { ReaderTime } from "../../shared/ui/countdown.tsx";
import { deviceName } from "../../shared/ui/device-name.ts";
import { ActionStatus, MemberList } from "./member-badges.tsx";

const input = "h-11 w-full rounded-md border border-line bg-bg px-3 text-fg";
const secondary = "min-h-11 rounded-md border border-line px-4 font-semibold hover:bg-surface-muted disabled:opacity-60";

/** A moment a member's session or profile records: in the reader's own time, as every member's moment is shown. */
function Moment({ at, language }: { at: number | string; language: string }) {
  return <ReaderTime at={typeof at === "string" ? Date.parse(at) : at} language={language} />;
}

/**
 * One member as an admin sees them: the profile's fields, what they have done, who they are on the
 * site (role, ban) with their live sessions, and the hand editors (tag, title, points). The page is
 * server HTML; the standing and the editors are islands the admin wakes by using them.
 */
export function AdminMember({
  i18n,
  member,
  self,
}: {
  i18n: RouteMessages;
  member: AdminMemberDetail | null;
  /** The admin is looking at their own account (they may not ban themselves or drop their own role). */
  self: boolean;
}) {
  const { t, i18n: current } = useRouteMessages(i18n);
  const language = current.language;
  const back = (
    <p className="mt-2">
      <a href="/admin?section=users#admin-members" className="text-link underline underline-offset-2">
        {t("members.back")}
      </a>
    </p>
  );
  if (!member)
    return (
      <section aria-labelledby="admin-member" className="mt-8">
        <h2 id="admin-member" className="text-xl font-bold">
          {t("members.notFound")}
        </h2>
        {back}
      </section>
    );
  const { profile, activity } = member;
  const value = (text: string) => t(`common:badges.values.${text}`, { defaultValue: text });
  const numbers = numberFormat(language);
  const fields: [string, ReactNode][] = [
    [t("members.fields.uid"), <code className="break-all">{profile.uid}</code>],
    [
      t("members.fields.email"),
      <>
        <span className="break-all">{profile.email}</span>{" "}
        <span className="text-fg-muted">{profile.emailVerified ? t("members.fields.verified") : t("members.fields.notVerified")}</span>
      </>,
    ],
    [t("members.fields.displayName"), profile.displayName],
    [t("members.tag"), value(profile.tag)],
    [
      t("members.titleField"),
      <>
        {value(profile.title)} <span className="text-fg-muted">{profile.titleByAdmin ? t("members.byHand") : t("members.byLevel")}</span>
      </>,
    ],
    [t("members.fields.level"), t("members.fields.levelValue", { level: profile.level, points: numbers.format(profile.points) })],
    [t("members.fields.createdAt"), <Moment at={profile.createdAt} language={language} />],
    [t("members.fields.updatedAt"), profile.updatedAt ? <Moment at={profile.updatedAt} language={language} /> : t("members.fields.never")],
    [
      t("members.fields.lastLoginAt"),
      profile.lastLoginAt ? <Moment at={profile.lastLoginAt} language={language} /> : t("members.fields.never"),
    ],
  ];
  const counts = (["posts", "comments", "chatMessages", "offers", "guides"] as const).map(
    (kind) => [t(`members.activity.${kind}`), numbers.format(activity[kind])] as const,
  );
  return (
    <section aria-labelledby="admin-member" className="mt-8" data-admin-member={profile.uid}>
      {back}
      <div className="mt-3 flex items-center gap-3">
        {profile.photoURL ? (
          <img src={profile.photoURL} alt="" width={48} height={48} className="size-12 rounded-full object-cover" />
        ) : null}
        <div>
          <h2 id="admin-member" className="text-xl font-bold break-words">
            {profile.displayName}
          </h2>
          <a href={`/users/${encodeURIComponent(profile.uid)}`} className="text-sm text-link underline underline-offset-2">
            {t("members.publicProfile")}
          </a>
        </div>
      </div>
      <dl className="mt-4 grid gap-x-4 gap-y-2 rounded-lg border border-line bg-surface p-4 text-sm sm:grid-cols-[12rem_1fr]">
        {fields.map(([label, shown]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="mb-1 sm:mb-0">{shown}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-6 text-lg font-bold">{t("members.activity.title")}</h3>
      <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-5">
        {counts.map(([label, count]) => (
          <div key={label} className="rounded-lg border border-line bg-surface p-3">
            <dt className="text-sm text-fg-muted">{label}</dt>
            <dd className="text-lg font-bold">{count}</dd>
          </div>
        ))}
      </dl>
      <Island
        name="admin-member-standing"
        component={MemberStanding}
        props={{
          i18n: pickMessages(i18n, ["members"]),
          uid: profile.uid,
          role: profile.role as Role,
          ban: member.ban,
          sessions: member.sessions,
          self,
        }}
        when="used"
      />
      <h3 className="mt-6 text-lg font-bold">{t("members.badgesAndPoints")}</h3>
      <Island
        name="admin-members"
        component={MemberList}
        props={{ i18n: pickMessages(i18n, ["members"]), members: [profile], linked: false }}
        when="used"
      />
    </section>
  );
}

export interface MemberStandingProps {
  i18n: RouteMessages;
  uid: string;
  role: Role;
  ban: AdminMemberDetail["ban"];
  sessions: AdminMemberDetail["sessions"];
  self: boolean;
}

/** A member's role, ban and live sessions, and the admin's forms that change the first two (each change ends their sessions). */
export function MemberStanding({ i18n, uid, role: initialRole, ban: initialBan, sessions: initialSessions, self }: MemberStandingProps) {
  const { t, i18n: current } = useRouteMessages(i18n);
  const language = current.language;
  const [role, setRole] = useState<Role>(initialRole);
  const [ban, setBan] = useState(initialBan);
  const [sessions, setSessions] = useState(initialSessions);
  const [forever, setForever] = useState(true);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const path = `/api/admin/users/${encodeURIComponent(uid)}`;
  const roleName = (name: string) => t(`common:badges.roles.${name}`, { defaultValue: name });

  async function changeRole(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = String(new FormData(event.currentTarget).get("role")) as Role;
    if (next === role) {
      setStatus({ ok: true, text: t("members.unchanged") });
      return;
    }
    setBusy(true);
    const answer = await apiJson(`${path}/role`, { body: { role: next } });
    setBusy(false);
    if (!answer.ok) {
      setStatus({ ok: false, text: answer.status === 400 ? t("members.roleSelf") : t("members.failed") });
      return;
    }
    setRole(next);
    // A new role ends the member's sessions' old standing: their sockets reconnect as the new role.
    setStatus({ ok: true, text: t("members.roleSaved", { role: roleName(next) }) });
  }

  async function banMember(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const reason = String(data.get("reason") ?? "").trim();
    const endsAt = String(data.get("until") ?? "");
    // The day and hour are game time (UTC+7), as the page shows every time; the server keeps the instant.
    const until = forever || !endsAt ? undefined : new Date(`${endsAt.slice(0, 16)}+07:00`).toISOString();
    setBusy(true);
    const answer = await apiJson(`${path}/ban`, { body: until ? { reason, until } : { reason } });
    setBusy(false);
    if (!answer.ok) {
      const text =
        answer.status !== 400
          ? t("members.failed")
          : answer.details.field === "until"
            ? t("members.banUntilPast")
            : t("members.banInvalid");
      setStatus({ ok: false, text });
      return;
    }
    setBan({ reason, until: until ?? null });
    setSessions([]);
    form.reset();
    setForever(true);
    setStatus({ ok: true, text: t("members.banSaved") });
  }

  async function unban() {
    setBusy(true);
    const answer = await apiJson(`${path}/ban`, { method: "DELETE" });
    setBusy(false);
    if (!answer.ok) {
      setStatus({ ok: false, text: t("members.failed") });
      return;
    }
    setBan(null);
    setStatus({ ok: true, text: t("members.unbanSaved") });
  }

  return (
    <div>
      <h3 className="mt-6 text-lg font-bold">{t("members.standingTitle")}</h3>
      <form className="mt-2 flex flex-wrap items-end gap-2" onSubmit={(event) => void changeRole(event)}>
        <label className="flex min-w-48 flex-col gap-1 text-sm font-semibold">
          {t("members.role")}
          <select name="role" defaultValue={role} className={input} disabled={self}>
            {roles.map((name) => (
              <option key={name} value={name}>
                {roleName(name)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={busy || self} className={secondary}>
          {t("members.roleSave")}
        </button>
      </form>
      {self ? <p className="mt-1 text-sm text-fg-muted">{t("members.roleSelf")}</p> : null}
      <div className="mt-4 rounded-lg border border-line bg-surface p-4">
        <p className="font-semibold">
          {ban
            ? ban.until
              ? // The end the admin chose, in game time as the form takes it.
                t("members.bannedUntil", {
                  until: t("common:time.game", { time: formatDate(Date.parse(ban.until), language, { date: "short", time: "short" }) }),
                })
              : t("members.bannedForever")
            : t("members.notBannedNow")}
        </p>
        {ban?.reason ? <p className="mt-1 text-sm">{t("members.banReasonShown", { reason: ban.reason })}</p> : null}
        {ban ? (
          <button type="button" disabled={busy} onClick={() => void unban()} className={`mt-3 ${secondary}`}>
            {t("members.unban")}
          </button>
        ) : self ? null : (
          <form className="mt-3 grid gap-3" onSubmit={(event) => void banMember(event)}>
            <label className="flex flex-col gap-1 text-sm font-semibold">
              {t("members.banReason")}
              <input name="reason" required maxLength={200} className={input} />
            </label>
            <label className="flex min-h-6 items-center gap-2 text-sm">
              <input type="checkbox" checked={forever} onChange={(event) => setForever(event.target.checked)} className="size-5" />
              {t("members.banForever")}
            </label>
            {forever ? null : (
              <label className="flex flex-col gap-1 text-sm font-semibold">
                {t("members.banUntil")}
                <input name="until" type="datetime-local" required className={input} />
                <span className="font-normal text-fg-muted">{t("members.banUntilHint")}</span>
              </label>
            )}
            <button
              type="submit"
              disabled={busy}
              className="min-h-11 justify-self-start rounded-md bg-brand px-4 font-semibold text-on-brand disabled:opacity-60"
            >
              {t("members.banSubmit")}
            </button>
          </form>
        )}
      </div>
      <h3 id="admin-member-sessions" className="mt-6 text-lg font-bold">
        {t("members.sessions.title")}
      </h3>
      {sessions.length === 0 ? (
        <p className="mt-2 text-fg-muted">{t("members.sessions.none")}</p>
      ) : (
        <ul aria-labelledby="admin-member-sessions" className="mt-2 flex flex-col gap-2">
          {sessions.map((session) => (
            <li key={session.id} className="rounded-lg border border-line bg-surface p-3 text-sm">
              <p className="font-semibold">{deviceName(session.userAgent) ?? t("members.sessions.unknownDevice")}</p>
              <p className="text-fg-muted">
                {t("members.sessions.address", { ip: session.ipAddress ?? "—" })} · {t("members.sessions.started")}{" "}
                <Moment at={session.createdAt} language={language} /> · {t("members.sessions.used")}{" "}
                <Moment at={session.updatedAt} language={language} /> · {t("members.sessions.expires")}{" "}
                <Moment at={session.expiresAt} language={language} />
              </p>
            </li>
          ))}
        </ul>
      )}
      <ActionStatus status={status} />
    </div>
  );
}
