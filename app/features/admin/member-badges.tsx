import { useState, type FormEvent } from "react";
import { titleBands } from "../../../universal/contribution/contribution-levels.ts";
import { BADGE_FILTER_MAX, knownBadgeValues } from "../../../universal/users/users-limits.ts";
import type { AdminUser } from "../../../server/admin/search-users.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { numberFormat } from "../../shared/i18n/format.ts";
import { pickMessages, useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Island } from "../../shared/islands/island.tsx";
import { adminMemberHref } from "../../shared/routing/admin-links.ts";

const input = "h-11 w-full rounded-md border border-line bg-bg px-3 text-fg";
const titleSuggestions = [...new Set<string>([...titleBands.map((band) => band.title), ...knownBadgeValues])];

interface Badges {
  tag: string;
  title: string;
  titleByAdmin: boolean;
}

/**
 * The admin's members: find an account by name or email, give it a tag and a title by hand (a title
 * given so stays when the level changes), or give the title back to the level. Served as islands
 * (decision 042): the search is a plain form the server answers; the list is an island the admin
 * wakes by using it.
 */
/** The list's filters beside the search text, as the page's query names them (each empty when not set). */
export interface MemberFilters {
  role: string;
  tag: string;
  title: string;
  banned: string;
}

export function MemberBadges({
  i18n,
  query,
  members,
  filters,
  paged = false,
  nextCursor = null,
}: {
  i18n: RouteMessages;
  query: string;
  members: AdminUser[];
  filters: MemberFilters;
  /** This is a later page of the list (the first page is a link away). */
  paged?: boolean;
  /** Where the next page starts, or null on the last one. */
  nextCursor?: string | null;
}) {
  const { t } = useRouteMessages(i18n);
  // The list's pages keep its search and filters, and the section.
  const pageHref = (cursor: string | null) => {
    const params = new URLSearchParams({ section: "users" });
    if (query) params.set("members", query);
    for (const [name, value] of [
      ["memberRole", filters.role],
      ["memberTag", filters.tag],
      ["memberTitle", filters.title],
      ["memberBanned", filters.banned],
      ["memberCursor", cursor ?? ""],
    ] as const)
      if (value) params.set(name, value);
    return `/admin?${params.toString()}#admin-members`;
  };
  return (
    <section aria-labelledby="admin-members" className="mt-8">
      <h2 id="admin-members" className="text-xl font-bold">
        {t("members.title")}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{t("members.lead")}</p>
      <form method="get" action="/admin#admin-members" role="search" className="mt-3 flex flex-wrap items-end gap-2">
        <input type="hidden" name="section" value="users" />
        <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm font-semibold">
          {t("members.search")}
          <input name="members" type="search" defaultValue={query} maxLength={100} className={input} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("members.role")}
          <select name="memberRole" defaultValue={filters.role} className={input}>
            <option value="">{t("members.anyRole")}</option>
            {(["user", "moderator", "admin"] as const).map((role) => (
              <option key={role} value={role}>
                {t(`common:badges.roles.${role}`, { defaultValue: role })}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("members.tag")}
          <input name="memberTag" defaultValue={filters.tag} maxLength={BADGE_FILTER_MAX} list="admin-tag-values" className={input} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("members.titleField")}
          <input name="memberTitle" defaultValue={filters.title} maxLength={BADGE_FILTER_MAX} list="admin-title-values" className={input} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {t("members.banState")}
          <select name="memberBanned" defaultValue={filters.banned} className={input}>
            <option value="">{t("members.anyBan")}</option>
            <option value="true">{t("members.bannedOnly")}</option>
            <option value="false">{t("members.notBanned")}</option>
          </select>
        </label>
        <button type="submit" className="min-h-11 rounded-md bg-brand px-4 font-semibold text-on-brand">
          {t("members.find")}
        </button>
      </form>
      {members.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-line p-4 text-fg-muted">{t("members.empty")}</p>
      ) : (
        <Island name="admin-members" component={MemberList} props={{ i18n: pickMessages(i18n, ["members"]), members }} when="used" />
      )}
      {paged || nextCursor ? (
        <nav aria-label={t("members.pages")} className="mt-3 flex flex-wrap gap-x-4 gap-y-2">
          {paged ? (
            <a href={pageHref(null)} className="inline-flex min-h-11 items-center text-link underline underline-offset-2">
              {t("members.firstPage")}
            </a>
          ) : null}
          {nextCursor ? (
            <a href={pageHref(nextCursor)} className="inline-flex min-h-11 items-center text-link underline underline-offset-2">
              {t("members.nextPage")}
            </a>
          ) : null}
        </nav>
      ) : null}
      <datalist id="admin-tag-values">
        {knownBadgeValues.map((value) => (
          <option key={value} value={value}>
            {t(`common:badges.values.${value}`, { defaultValue: value })}
          </option>
        ))}
      </datalist>
      <datalist id="admin-title-values">
        {titleSuggestions.map((value) => (
          <option key={value} value={value}>
            {t(`common:badges.values.${value}`, { defaultValue: value })}
          </option>
        ))}
      </datalist>
    </section>
  );
}

/** The members found, each with its tag and title and the form that changes them. */
export function MemberList({ i18n, members, linked = true }: { i18n: RouteMessages; members: AdminUser[]; linked?: boolean }) {
  const { t } = useRouteMessages(i18n);
  return (
    <ul className="mt-4 flex flex-col gap-3" aria-label={t("members.title")}>
      {members.map((member) => (
        <li key={member.uid}>
          <MemberRow i18n={i18n} member={member} linked={linked} />
        </li>
      ))}
    </ul>
  );
}

function MemberRow({ i18n, member, linked }: { i18n: RouteMessages; member: AdminUser; linked: boolean }) {
  const { t } = useRouteMessages(i18n);
  // A fixed id (the member's): the server and the woken island render the same.
  const id = `member-${member.uid}`;
  const [saved, setSaved] = useState<Badges>({ tag: member.tag, title: member.title, titleByAdmin: member.titleByAdmin });
  const [tag, setTag] = useState(member.tag);
  const [title, setTitle] = useState(member.title);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const value = (text: string) => t(`common:badges.values.${text}`, { defaultValue: text });
  const [points, setPoints] = useState({ points: member.points, level: member.level });

  async function adjust(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setBusy(true);
    const answer = await apiJson<{ points: number; level: number }>(`/api/admin/users/${encodeURIComponent(member.uid)}/points`, {
      body: { delta: Number(data.get("delta")), reason: String(data.get("reason") ?? ""), clientId: crypto.randomUUID() },
    });
    setBusy(false);
    if (!answer.ok) {
      setStatus({ ok: false, text: answer.status === 400 ? t("members.pointsInvalid") : t("members.failed") });
      return;
    }
    setPoints(answer.data);
    form.reset();
    setStatus({
      ok: true,
      text: t("members.pointsSaved", { points: numberFormat(i18n.language).format(answer.data.points), level: answer.data.level }),
    });
  }

  async function send(change: { tag?: string; title?: string | null }) {
    setBusy(true);
    const answer = await apiJson<Badges>(`/api/admin/users/${encodeURIComponent(member.uid)}/badges`, { body: change });
    setBusy(false);
    if (!answer.ok) {
      setStatus({ ok: false, text: answer.status === 400 ? t("members.invalid") : t("members.failed") });
      return;
    }
    const next = answer.data;
    setSaved(next);
    setTag(next.tag);
    setTitle(next.title);
    setStatus({ ok: true, text: t("members.saved") });
  }

  function save(event: FormEvent) {
    event.preventDefault();
    const change: { tag?: string; title?: string } = {};
    if (tag.trim() !== saved.tag) change.tag = tag.trim();
    if (title.trim() !== saved.title) change.title = title.trim();
    if (change.tag === undefined && change.title === undefined) setStatus({ ok: true, text: t("members.unchanged") });
    else void send(change);
  }

  return (
    <article aria-labelledby={`${id}-name`} className="rounded-lg border border-line bg-surface p-4" data-member={member.uid}>
      <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 id={`${id}-name`} className="font-semibold">
          {linked ? (
            <a href={adminMemberHref(member.uid)} className="text-link underline-offset-2 hover:underline">
              {member.displayName}
            </a>
          ) : (
            member.displayName
          )}
        </h3>
        <span className="text-sm break-all text-fg-muted">{member.email}</span>
        <span className="ms-auto text-sm text-fg-muted">
          {t("members.standing", {
            role: t(`common:badges.roles.${member.role}`, { defaultValue: member.role }),
            level: points.level,
            points: numberFormat(i18n.language).format(points.points),
          })}
        </span>
      </header>
      <p className="mt-1 text-sm">
        {t("members.current", { tag: value(saved.tag), title: value(saved.title) })}{" "}
        <span className="whitespace-nowrap text-fg-muted">{saved.titleByAdmin ? t("members.byHand") : t("members.byLevel")}</span>
      </p>
      <details className="mt-2">
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold">{t("members.edit")}</summary>
        <form className="mt-1 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" onSubmit={save}>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            {t("members.tag")}
            <input
              value={tag}
              required
              maxLength={BADGE_FILTER_MAX}
              list="admin-tag-values"
              onChange={(event) => setTag(event.target.value)}
              className={input}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            {t("members.titleField")}
            <input
              value={title}
              required
              maxLength={BADGE_FILTER_MAX}
              list="admin-title-values"
              onChange={(event) => setTitle(event.target.value)}
              className={input}
            />
          </label>
          <button
            type="submit"
            disabled={busy}
            className="min-h-11 rounded-md bg-brand px-4 font-semibold text-on-brand disabled:opacity-60"
          >
            {t("members.save")}
          </button>
        </form>
        <form className="mt-3 grid gap-3 sm:grid-cols-[8rem_1fr_auto] sm:items-end" onSubmit={(event) => void adjust(event)}>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            {t("members.pointsDelta")}
            <input name="delta" type="number" required step={1} min={-100000} max={100000} className={input} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            {t("members.pointsReason")}
            <input name="reason" required maxLength={200} className={input} />
          </label>
          <button
            type="submit"
            disabled={busy}
            className="min-h-11 rounded-md border border-line px-4 font-semibold hover:bg-surface-muted disabled:opacity-60"
          >
            {t("members.pointsApply")}
          </button>
        </form>
        {saved.titleByAdmin ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => void send({ title: null })}
            className="mt-2 min-h-10 rounded-md border border-line px-4 text-sm font-semibold hover:bg-surface-muted disabled:opacity-60"
          >
            {t("members.titleToLevel")}
          </button>
        ) : null}
      </details>
      <ActionStatus status={status} />
    </article>
  );
}

/** What the admin's last change did: said politely, marked when it failed. */
export function ActionStatus({ status }: { status: { ok: boolean; text: string } | null }) {
  return status ? (
    <p
      role="status"
      className={`mt-2 rounded-md px-3 py-2 text-sm ${status.ok ? "bg-surface-muted" : "border border-accent bg-accent-soft"}`}
    >
      {status.text}
    </p>
  ) : null;
}
