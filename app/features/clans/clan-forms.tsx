/**
 * The clan pages' membership islands (decision 042): founding a clan, invitations and requests, a
 * member's own standing, managing members, announcements. Each wakes when used, calls the clans
 * API, and on success loads the server's new page (its HTML is the truth) or the page the action
 * leads to; a refusal is said in the reader's words.
 */
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { mayChangeRole, mayInClan, mayRemove, type ClanRole } from "../../../universal/clans/clan-permissions.ts";
import { CLAN_ANNOUNCEMENT_MAX, CLAN_EMBLEMS, clanHref, type ClanLanguage } from "../../../universal/clans/clan-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { newClientId } from "../../shared/new-client-id.ts";
import { FormAlert } from "../../shared/ui/form-alert.tsx";
import { ServerOptions } from "../../shared/ui/server-options.tsx";
import {
  field,
  primary,
  secondary,
  useClanCall,
  ConfirmButton,
  EmblemPicker,
  LanguageField,
  ClanNameField,
  SubmitButton,
  AnswerPair,
  Field,
} from "./clan-form-parts.tsx";

/** Founding a clan: server, name, tag, language, emblem; the new clan's page opens. */
export function ClanCreate({ i18n, servers }: { i18n: RouteMessages; servers: { id: string; name: string }[] }) {
  const { t, busy, error, run } = useClanCall(i18n);
  const id = useId();
  const [server, setServer] = useState(servers[0]?.id ?? "");
  const [name, setName] = useState("");
  const [tag, setTag] = useState("");
  const [language, setLanguage] = useState<ClanLanguage>(i18n.language === "vi" ? "vi" : "en");
  const [emblem, setEmblem] = useState(`game-icons:${CLAN_EMBLEMS[0]}`);

  function submit(event: FormEvent) {
    event.preventDefault();
    void run<{ id: string }>("/api/clans", { body: { server, name, tag, emblem, language } }, (clan) => clanHref(clan.id));
  }

  return (
    <form onSubmit={submit} className="mt-4 flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field id={`${id}-server`} label={t("directory.server")}>
          <select id={`${id}-server`} value={server} onChange={(event) => setServer(event.target.value)} className={field}>
            <ServerOptions servers={servers} />
          </select>
        </Field>
        <LanguageField t={t} id={`${id}-language`} value={language} onChange={setLanguage} />
        <ClanNameField t={t} id={`${id}-name`} value={name} onChange={setName} />
        <Field id={`${id}-tag`} label={t("create.tag")} hint={t("create.tagHint")}>
          <input
            id={`${id}-tag`}
            value={tag}
            onChange={(event) =>
              setTag(
                event.target.value
                  .toUpperCase()
                  .replace(/[^A-Z0-9]/g, "")
                  .slice(0, 5),
              )
            }
            required
            minLength={2}
            maxLength={5}
            pattern="[A-Z0-9]{2,5}"
            autoCapitalize="characters"
            aria-describedby={`${id}-tag-hint`}
            className={`${field} uppercase`}
          />
        </Field>
      </div>
      <EmblemPicker t={t} value={emblem} onChange={setEmblem} />
      <FormAlert>{error}</FormAlert>
      <SubmitButton busy={busy} label={t("create.submit")} t={t} />
    </form>
  );
}

/** An invitation waiting for the reader: accept (they join) or decline. */
export function InviteAnswer({ i18n, inviteId, clanId }: { i18n: RouteMessages; inviteId: number; clanId?: string }) {
  const { t, busy, error, run } = useClanCall(i18n);
  const answer = (yes: boolean) =>
    void run(`/api/clan-invites/${inviteId}/${yes ? "accept" : "decline"}`, {}, () => (yes && clanId ? clanHref(clanId) : undefined));
  return <AnswerPair yes={t("mine.accept")} no={t("mine.decline")} busy={busy} error={error} onAnswer={answer} />;
}

export interface MembershipProps {
  i18n: RouteMessages;
  clanId: string;
  clanName: string;
  recruiting: boolean;
  me: { role: ClanRole | null; requestId: number | null; inviteId: number | null };
}

/** What the reader may do about belonging to the clan: ask to join, withdraw, take an invitation, leave. */
export function MembershipActions({ i18n, clanId, clanName, recruiting, me }: MembershipProps) {
  const { t, busy, error, run } = useClanCall(i18n);
  const base = `/api/clans/${clanId}`;
  let body: ReactNode = null;
  if (me.role) {
    if (mayInClan(me.role, "leave"))
      body = (
        <ConfirmButton
          label={t("actions.leave")}
          question={t("actions.leaveConfirm", { clan: clanName })}
          busy={busy}
          t={t}
          tone="danger"
          onConfirm={() => void run(`${base}/leave`, {}, () => "/clan")}
        />
      );
  } else if (me.inviteId !== null) {
    body = (
      <span className="flex flex-wrap gap-2">
        <button type="button" className={primary} disabled={busy} onClick={() => void run(`/api/clan-invites/${me.inviteId}/accept`, {})}>
          {t("actions.acceptInvite")}
        </button>
        <button
          type="button"
          className={secondary}
          disabled={busy}
          onClick={() => void run(`/api/clan-invites/${me.inviteId}/decline`, {})}
        >
          {t("actions.declineInvite")}
        </button>
      </span>
    );
  } else if (me.requestId !== null) {
    body = (
      <span className="flex flex-wrap items-center gap-3">
        <span className="text-sm">{t("actions.requested")}</span>
        <button type="button" className={secondary} disabled={busy} onClick={() => void run(`${base}/join`, { method: "DELETE" })}>
          {t("actions.withdraw")}
        </button>
      </span>
    );
  } else if (recruiting) {
    body = (
      <button type="button" className={primary} disabled={busy} onClick={() => void run(`${base}/join`, {})}>
        {busy ? t("actions.working") : t("actions.join")}
      </button>
    );
  } else body = <span className="text-sm text-fg-muted">{t("actions.closed")}</span>;
  return (
    <div className="flex flex-col gap-2">
      {body}
      <FormAlert>{error}</FormAlert>
    </div>
  );
}

/** An officer's answer to a request to join. */
export function RequestAnswer({ i18n, clanId, uid }: { i18n: RouteMessages; clanId: string; uid: string }) {
  const { t, busy, error, run } = useClanCall(i18n);
  const answer = (yes: boolean) => void run(`/api/clans/${clanId}/members/${encodeURIComponent(uid)}/${yes ? "approve" : "refuse"}`, {});
  return <AnswerPair yes={t("actions.approve")} no={t("actions.refuse")} busy={busy} error={error} onAnswer={answer} />;
}

export interface MemberManageProps {
  i18n: RouteMessages;
  clanId: string;
  actorRole: ClanRole;
  member: { uid: string; displayName: string; role: ClanRole };
}

/** What the reader's role lets them do to another member: change their role, hand them the lead, remove them. */
export function MemberManage({ i18n, clanId, actorRole, member }: MemberManageProps) {
  const { t, busy, error, run } = useClanCall(i18n);
  const base = `/api/clans/${clanId}`;
  const path = `${base}/members/${encodeURIComponent(member.uid)}`;
  const to = member.role === "officer" ? "member" : "officer";
  return (
    <div role="group" aria-label={t("actions.manage", { name: member.displayName })} className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {mayChangeRole(actorRole, member.role, to) ? (
          <button type="button" className={secondary} disabled={busy} onClick={() => void run(`${path}/role`, { body: { role: to } })}>
            {t(to === "officer" ? "actions.promote" : "actions.demote")}
          </button>
        ) : null}
        {mayInClan(actorRole, "lead:transfer") ? (
          <ConfirmButton
            label={t("actions.transfer")}
            question={t("actions.transferConfirm", { name: member.displayName })}
            busy={busy}
            t={t}
            onConfirm={() => void run(`${base}/transfer`, { body: { uid: member.uid } })}
          />
        ) : null}
        {mayRemove(actorRole, member.role) ? (
          <ConfirmButton
            label={t("actions.kick")}
            question={t("actions.kickConfirm", { name: member.displayName })}
            busy={busy}
            t={t}
            tone="danger"
            onConfirm={() => void run(`${path}/kick`, {})}
          />
        ) : null}
      </div>
      <FormAlert>{error}</FormAlert>
    </div>
  );
}

/** An officer invites a member found by name. */
export function InviteMember({ i18n, clanId }: { i18n: RouteMessages; clanId: string }) {
  const { t, busy, error, run } = useClanCall(i18n);
  const id = useId();
  const [name, setName] = useState("");
  const [found, setFound] = useState<{ uid: string; displayName: string }[] | null>(null);

  async function search(event: FormEvent) {
    event.preventDefault();
    const answer = await apiJson<{ uid: string; displayName: string }[]>(`/api/users?q=${encodeURIComponent(name.trim())}&limit=5`);
    setFound(answer.ok ? answer.data : []);
  }

  return (
    <div className="flex flex-col gap-3">
      <form onSubmit={search} role="search" className="flex flex-wrap items-end gap-2">
        <Field id={`${id}-name`} label={t("actions.inviteName")} hint={t("actions.inviteHint")}>
          <input
            id={`${id}-name`}
            type="search"
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            maxLength={100}
            aria-describedby={`${id}-name-hint`}
            className={field}
          />
        </Field>
        <button type="submit" className={`${secondary} mb-5`}>
          {t("actions.invite")}
        </button>
      </form>
      {found !== null && found.length === 0 ? <p className="text-sm">{t("actions.noMatch")}</p> : null}
      {found && found.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label={t("actions.invite")}>
          {found.map((member) => (
            <li key={member.uid} className="flex items-center gap-3">
              <span className="min-w-0 flex-1 truncate">{member.displayName}</span>
              <button
                type="button"
                className={primary}
                disabled={busy}
                aria-label={`${t("actions.inviteSubmit")} ${member.displayName}`}
                onClick={() => void run(`/api/clans/${clanId}/invites`, { body: { uid: member.uid } })}
              >
                {t("actions.inviteSubmit")}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FormAlert>{error}</FormAlert>
    </div>
  );
}

/** An officer's new announcement (sent once, however often the button is pressed). */
export function AnnounceForm({ i18n, clanId }: { i18n: RouteMessages; clanId: string }) {
  const { t, busy, error, run } = useClanCall(i18n);
  const id = useId();
  const [text, setText] = useState("");
  const [clientId] = useState(newClientId);
  function submit(event: FormEvent) {
    event.preventDefault();
    void run(`/api/clans/${clanId}/announcements`, { body: { text, clientId } });
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={`${id}-text`} className="text-sm font-semibold">
        {t("actions.announce")}
      </label>
      <textarea
        id={`${id}-text`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        required
        maxLength={CLAN_ANNOUNCEMENT_MAX}
        rows={3}
        className="w-full rounded-md border border-line bg-bg p-3 text-fg"
      />
      <FormAlert>{error}</FormAlert>
      <SubmitButton busy={busy} label={t("actions.announceSubmit")} t={t} />
    </form>
  );
}
