/**
 * The clan pages' islands (decision 042): each wakes when used, calls the clans API, and on success
 * loads the server's new page (the server's HTML is the truth) or moves to the page the action leads
 * to; a refusal is said in the reader's words.
 */
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { mayChangeRole, mayInClan, mayRemove, type ClanRole } from "../../../universal/clans/clan-permissions.ts";
import {
  CLAN_ANNOUNCEMENT_MAX,
  CLAN_EMBLEMS,
  CLAN_NAME_MAX,
  CLAN_NAME_MIN,
  clanHref,
  clanLanguages,
  EVENT_TITLE_MAX,
  eventAnswers,
  type ClanLanguage,
  type EventAnswer as EventAnswerChoice,
} from "../../../universal/clans/clan-limits.ts";
import { apiJson, type ApiRefusal } from "../../shared/api/json-api.ts";
import { refusalText } from "../../shared/api/refusal-text.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import type { TFunction } from "../../shared/i18n/translator.ts";
import { reloadDocument } from "../../shared/islands/document-reload.ts";
import { newClientId } from "../../shared/new-client-id.ts";
import { FormAlert } from "../../shared/ui/form-alert.tsx";
import { GameIcon } from "../../shared/ui/game-icon.tsx";
import { ServerOptions } from "../../shared/ui/server-options.tsx";

const field = "h-11 w-full rounded-md border border-line bg-bg px-3 text-fg";
const primary = "inline-flex min-h-11 items-center justify-center rounded-md bg-brand px-4 font-semibold text-on-brand disabled:opacity-60";
const secondary =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-line px-4 font-semibold hover:bg-surface-muted disabled:opacity-60";
const danger =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-red-700 px-4 font-semibold text-red-700 disabled:opacity-60 dark:border-red-300 dark:text-red-300";

function refusalWords(refusal: ApiRefusal) {
  return {
    reasons: "errors.reasons.",
    fields: {
      name: "errors.fields.name",
      tag: "errors.fields.tag",
      text: "errors.fields.text",
      title: "errors.fields.title",
      startsAt: "errors.fields.startsAt",
    },
    invalid: "errors.invalid",
    values: { limit: refusal.details.limit ?? "" },
  };
}

/**
 * Runs clan calls: `busy` while one is under way, the refusal's words in `error`. After a success the
 * page is loaded again, or `then` (a path) is opened.
 */
function useClanCall(i18n: RouteMessages) {
  const { t } = useRouteMessages(i18n);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  async function run<T>(path: string, init: { method?: string; body?: unknown }, then?: (data: T) => string | void): Promise<boolean> {
    setBusy(true);
    setError("");
    const answer = await apiJson<T>(path, { method: init.method ?? "POST", body: init.body ?? {} });
    if (!answer.ok) {
      setBusy(false);
      setError(refusalText(t, answer, refusalWords(answer), i18n.language));
      return false;
    }
    const next = then?.(answer.data);
    if (typeof next === "string") window.location.assign(next);
    else await reloadDocument();
    return true;
  }
  return { t, busy, error, run };
}

/** A button that asks first: the question and a confirm and a cancel button take its place. */
function ConfirmButton({
  label,
  question,
  busy,
  t,
  onConfirm,
  tone = "secondary",
}: {
  label: string;
  question: string;
  busy: boolean;
  t: TFunction;
  onConfirm: () => void;
  tone?: "secondary" | "danger";
}) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" className={tone === "danger" ? danger : secondary} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  return (
    <span role="group" aria-label={label} className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-semibold">{question}</span>
      <button type="button" className={tone === "danger" ? danger : primary} disabled={busy} onClick={onConfirm}>
        {busy ? t("actions.working") : t("actions.confirm")}
      </button>
      <button type="button" className={secondary} disabled={busy} onClick={() => setAsking(false)}>
        {t("actions.cancel")}
      </button>
    </span>
  );
}

/** The emblems as a group of radio buttons, each its icon and name. */
function EmblemPicker({ t, value, onChange }: { t: TFunction; value: string; onChange: (emblem: string) => void }) {
  const choices = CLAN_EMBLEMS.map((name) => `game-icons:${name}`);
  const shown = choices.includes(value) ? choices : [value, ...choices];
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-semibold">{t("create.emblem")}</legend>
      <div className="grid grid-cols-4 gap-2 sm:grid-cols-8">
        {shown.map((emblem) => {
          const name = emblem.slice("game-icons:".length);
          return (
            <label
              key={emblem}
              className="flex cursor-pointer flex-col items-center gap-1 rounded-lg border border-line p-2 text-center text-xs has-[:checked]:border-brand has-[:checked]:bg-surface-muted has-[:focus-visible]:outline-2"
            >
              <input
                type="radio"
                name="emblem"
                value={emblem}
                checked={value === emblem}
                onChange={() => onChange(emblem)}
                className="sr-only"
              />
              <GameIcon icon={emblem} size={32} />
              <span>{t(`emblems.${name}`, { defaultValue: t("emblems.other") })}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The clan's language, as a labelled select. */
function LanguageField({
  t,
  id,
  value,
  onChange,
}: {
  t: TFunction;
  id: string;
  value: string;
  onChange: (language: ClanLanguage) => void;
}) {
  return (
    <Field id={id} label={t("directory.language")}>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as ClanLanguage)} className={field}>
        {clanLanguages.map((language) => (
          <option key={language} value={language}>
            {t(`summary.languages.${language}`)}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The clan's name, with its length rule. */
function ClanNameField({ t, id, value, onChange }: { t: TFunction; id: string; value: string; onChange: (name: string) => void }) {
  return (
    <Field id={id} label={t("create.name")} hint={t("create.nameHint")}>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required
        minLength={CLAN_NAME_MIN}
        maxLength={CLAN_NAME_MAX}
        aria-describedby={`${id}-hint`}
        className={field}
      />
    </Field>
  );
}

function SubmitButton({ busy, label, t, tone = "primary" }: { busy: boolean; label: string; t: TFunction; tone?: "primary" | "danger" }) {
  return (
    <button type="submit" disabled={busy} className={`${tone === "danger" ? danger : primary} self-start`}>
      {busy ? t("actions.working") : label}
    </button>
  );
}

/** Two answers side by side (accept or decline, approve or refuse), and the refusal if one fails. */
function AnswerPair({
  yes,
  no,
  busy,
  error,
  onAnswer,
}: {
  yes: string;
  no: string;
  busy: boolean;
  error: string;
  onAnswer: (yes: boolean) => void;
}) {
  return (
    <span className="flex flex-col gap-2">
      <span className="flex flex-wrap gap-2">
        <button type="button" className={primary} disabled={busy} onClick={() => onAnswer(true)}>
          {yes}
        </button>
        <button type="button" className={secondary} disabled={busy} onClick={() => onAnswer(false)}>
          {no}
        </button>
      </span>
      <FormAlert>{error}</FormAlert>
    </span>
  );
}

function Field({ id, label, hint, children }: { id: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-fg-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

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

export interface ClanSettingsProps {
  i18n: RouteMessages;
  clan: { id: string; name: string; emblem: string; language: ClanLanguage; recruiting: boolean };
}

/** The leader's settings (name, language, emblem, recruiting) and disbanding, confirmed by the clan's name. */
export function ClanSettings({ i18n, clan }: ClanSettingsProps) {
  const { t, busy, error, run } = useClanCall(i18n);
  const disbanding = useClanCall(i18n);
  const id = useId();
  const [name, setName] = useState(clan.name);
  const [language, setLanguage] = useState<ClanLanguage>(clan.language);
  const [recruiting, setRecruiting] = useState(clan.recruiting);
  const [emblem, setEmblem] = useState(clan.emblem);
  const [confirm, setConfirm] = useState("");

  function save(event: FormEvent) {
    event.preventDefault();
    void run(`/api/clans/${clan.id}`, { method: "PATCH", body: { name, language, recruiting, emblem } });
  }
  function disband(event: FormEvent) {
    event.preventDefault();
    void disbanding.run(`/api/clans/${clan.id}`, { method: "DELETE", body: { confirm } }, () => "/clan");
  }

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={save} className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <ClanNameField t={t} id={`${id}-name`} value={name} onChange={setName} />
          <LanguageField t={t} id={`${id}-language`} value={language} onChange={setLanguage} />
        </div>
        <label className="flex min-h-11 items-center gap-3 font-semibold">
          <input type="checkbox" checked={recruiting} onChange={(event) => setRecruiting(event.target.checked)} className="size-5" />
          {t("settings.recruiting")}
        </label>
        <EmblemPicker t={t} value={emblem} onChange={setEmblem} />
        <FormAlert>{error}</FormAlert>
        <SubmitButton busy={busy} label={t("settings.save")} t={t} />
      </form>
      <form onSubmit={disband} className="flex flex-col gap-3 rounded-lg border border-red-700 p-4 dark:border-red-300">
        <h3 className="font-bold">{t("settings.disband")}</h3>
        <p className="text-sm">{t("settings.disbandLead")}</p>
        <Field id={`${id}-confirm`} label={t("settings.disbandName")}>
          <input
            id={`${id}-confirm`}
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
            required
            autoComplete="off"
            className={field}
          />
        </Field>
        <FormAlert>{disbanding.error}</FormAlert>
        <SubmitButton busy={disbanding.busy} label={t("settings.disbandSubmit")} t={t} tone="danger" />
      </form>
    </div>
  );
}

/** A member's answer to an event (the three choices as toggles), and for officers the button that calls it off. */
export function EventAnswer({
  i18n,
  event,
  mayCancel,
}: {
  i18n: RouteMessages;
  event: { id: number; title: string; mine: EventAnswerChoice | null };
  mayCancel: boolean;
}) {
  const { t, busy, error, run } = useClanCall(i18n);
  return (
    <div className="flex flex-col gap-2">
      <div role="group" aria-label={t("events.yourAnswer", { title: event.title })} className="flex flex-wrap gap-2">
        {eventAnswers.map((answer) => (
          <button
            key={answer}
            type="button"
            aria-pressed={event.mine === answer}
            disabled={busy}
            className={event.mine === answer ? primary : secondary}
            onClick={() => void run(`/api/clan-events/${event.id}/rsvp`, { body: { answer } })}
          >
            {t(`events.answers.${answer}`)}
          </button>
        ))}
        {mayCancel ? (
          <ConfirmButton
            label={t("events.cancel")}
            question={t("events.cancelConfirm", { title: event.title })}
            busy={busy}
            t={t}
            tone="danger"
            onConfirm={() => void run(`/api/clan-events/${event.id}`, { method: "DELETE" })}
          />
        ) : null}
      </div>
      <FormAlert>{error}</FormAlert>
    </div>
  );
}

/** An officer plans an event: its title, a date and time in game time (UTC+7), once or every week. */
export function EventSchedule({ i18n, clanId }: { i18n: RouteMessages; clanId: string }) {
  const { t, busy, error, run } = useClanCall(i18n);
  const id = useId();
  const [title, setTitle] = useState("");
  const [date, setDate] = useState("");
  const [time, setTime] = useState("20:00");
  const [weekly, setWeekly] = useState(false);
  const [clientId] = useState(newClientId);
  function submit(event: FormEvent) {
    event.preventDefault();
    const startsAt = `${date}T${time}:00+07:00`;
    void run(`/api/clans/${clanId}/events`, { body: { title, startsAt, clientId, ...(weekly ? { repeat: "weekly" } : {}) } });
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-labelledby={`${id}-legend`}>
      <h3 id={`${id}-legend`} className="font-semibold">
        {t("events.schedule")}
      </h3>
      <Field id={`${id}-title`} label={t("events.titleField")}>
        <input
          id={`${id}-title`}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          required
          maxLength={EVENT_TITLE_MAX}
          className={field}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id={`${id}-date`} label={t("events.date")}>
          <input id={`${id}-date`} type="date" value={date} onChange={(event) => setDate(event.target.value)} required className={field} />
        </Field>
        <Field id={`${id}-time`} label={t("events.time")}>
          <input
            id={`${id}-time`}
            type="time"
            value={time}
            onChange={(event) => setTime(event.target.value)}
            required
            aria-describedby={`${id}-time-hint`}
            className={field}
          />
        </Field>
      </div>
      <p id={`${id}-time-hint`} className="text-xs text-fg-muted">
        {t("events.timeHint")}
      </p>
      <label className="flex min-h-11 items-center gap-3 font-semibold">
        <input type="checkbox" checked={weekly} onChange={(event) => setWeekly(event.target.checked)} className="size-5" />
        {t("events.repeatWeekly")}
      </label>
      <FormAlert>{error}</FormAlert>
      <SubmitButton busy={busy} label={t("events.submit")} t={t} />
    </form>
  );
}
