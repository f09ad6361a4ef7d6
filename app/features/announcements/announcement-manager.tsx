/**
 * The team's announcements in /admin (admins): those running, to come and ended, each removable, and
 * the form that posts one in both languages with its start and end (the admin's local time) and,
 * optionally, a notification to every member. Served as islands (decision 042): server HTML until
 * the admin uses it.
 */
import { useState, type FormEvent } from "react";
import { ANNOUNCEMENT_DAYS_MAX, ANNOUNCEMENT_TEXT_MAX, type Announcement } from "../../../universal/announcements/announcement-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Island } from "../../shared/islands/island.tsx";

const field = "mt-1 w-full rounded-md border border-line bg-surface px-3 text-fg";

export function AnnouncementsSection({ i18n, announcements, now }: { i18n: RouteMessages; announcements: Announcement[]; now: number }) {
  const { t } = useRouteMessages(i18n);
  return (
    <section aria-labelledby="announcements" className="mt-8">
      <h2 id="announcements" className="text-xl font-bold">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{t("lead")}</p>
      <Island name="announcement-manager" component={AnnouncementManager} props={{ i18n, announcements, now }} when="used" />
    </section>
  );
}

/** `datetime-local`'s value for an instant, in the browser's time zone (the server renders UTC+7, the game's). */
function localInput(at: number): string {
  const date = new Date(at - new Date(at).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, 16);
}

export function AnnouncementManager({ i18n, announcements, now }: { i18n: RouteMessages; announcements: Announcement[]; now: number }) {
  const { t } = useRouteMessages(i18n);
  const [list, setList] = useState(announcements);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const when = (iso: string) => formatDate(Date.parse(iso), i18n.language, { date: "short", time: "short" });
  const state = (item: Announcement) =>
    Date.parse(item.endsAt) <= now ? "ended" : Date.parse(item.startsAt) > now ? "upcoming" : "running";

  async function post(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const instant = (name: string) => {
      const value = String(data.get(name) ?? "");
      const at = Date.parse(value);
      return Number.isNaN(at) ? value : new Date(at).toISOString();
    };
    // The end's rules said before anything is sent, each with its reason.
    const [starts, ends] = [Date.parse(instant("startsAt")), Date.parse(instant("endsAt"))];
    const endProblem =
      Number.isNaN(starts) || Number.isNaN(ends)
        ? null
        : ends <= starts
          ? t("endBeforeStart")
          : ends <= Date.now()
            ? t("endPast")
            : ends - starts > ANNOUNCEMENT_DAYS_MAX * 86_400_000
              ? t("tooLong", { days: ANNOUNCEMENT_DAYS_MAX })
              : null;
    if (endProblem) {
      setStatus({ ok: false, text: endProblem });
      return;
    }
    setBusy(true);
    const answer = await apiJson<Announcement>("/api/admin/announcements", {
      body: {
        text: { vi: String(data.get("vi") ?? ""), en: String(data.get("en") ?? "") },
        startsAt: instant("startsAt"),
        endsAt: instant("endsAt"),
        notify: data.get("notify") === "on",
      },
    });
    setBusy(false);
    if (answer.ok) {
      setList((current) => [answer.data, ...current]);
      form.reset();
      setStatus({ ok: true, text: t(answer.data.notify ? "postedNotify" : "posted") });
      return;
    }
    const problem = typeof answer.details.field === "string" ? answer.details.field.split(".") : [];
    const name =
      problem[0] === "text" ? t(`fields.${problem[1] ?? "vi"}`) : problem[0] ? t(`fields.${problem[0]}`, { defaultValue: "" }) : "";
    setStatus({
      ok: false,
      text: answer.code === "quota-exceeded" ? t("tooMany") : name ? t("invalidField", { field: name }) : t("failed"),
    });
  }

  async function remove(item: Announcement) {
    // Gone for every reader at once, with no undo: asked first.
    if (!window.confirm(t("confirmRemove", { text: shortText(item) }))) return;
    setBusy(true);
    const answer = await apiJson(`/api/admin/announcements/${item.id}`, { method: "DELETE" });
    setBusy(false);
    if (answer.ok || answer.status === 404) {
      setList((current) => current.filter((each) => each.id !== item.id));
      setStatus({ ok: true, text: t("removed") });
    } else setStatus({ ok: false, text: t("failed") });
  }

  return (
    <>
      {list.length === 0 ? (
        <p className="mt-3 text-fg-muted">{t("empty")}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2" aria-label={t("listLabel")}>
          {list.map((item) => (
            <li key={item.id} className="rounded-lg border border-line bg-surface p-3 text-sm">
              <p className="font-semibold">{t(`states.${state(item)}`)}</p>
              <p lang="vi" className="mt-1">
                {item.text.vi}
              </p>
              <p lang="en" className="mt-1 text-fg-muted">
                {item.text.en}
              </p>
              <p className="mt-1 text-fg-muted">
                {t("span", { from: when(item.startsAt), to: when(item.endsAt) })}
                {item.notify ? ` · ${t(item.notifiedAt ? "notified" : "notifying")}` : ""}
              </p>
              <button
                type="button"
                disabled={busy}
                onClick={() => void remove(item)}
                aria-label={`${t("remove")}: ${shortText(item)}`}
                className="mt-2 min-h-10 rounded-md border border-line px-3 hover:bg-surface-muted disabled:opacity-60"
              >
                {t("remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(event) => void post(event)}
        className="mt-4 flex flex-col gap-3 rounded-lg border border-line bg-surface p-4 text-sm"
      >
        <h3 className="font-semibold">{t("new")}</h3>
        <label className="font-semibold">
          {t("fields.vi")}
          <textarea name="vi" required maxLength={ANNOUNCEMENT_TEXT_MAX} rows={2} className={`${field} py-2`} />
        </label>
        <label className="font-semibold">
          {t("fields.en")}
          <textarea name="en" required maxLength={ANNOUNCEMENT_TEXT_MAX} rows={2} className={`${field} py-2`} />
        </label>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="font-semibold">
            {t("fields.startsAt")}
            <input type="datetime-local" name="startsAt" required defaultValue={localInput(now)} className={`${field} h-11`} />
          </label>
          <label className="font-semibold">
            {t("fields.endsAt")}
            <input
              type="datetime-local"
              name="endsAt"
              required
              defaultValue={localInput(now + 7 * 86_400_000)}
              className={`${field} h-11`}
            />
          </label>
        </div>
        <p className="text-fg-muted">{t("localTime")}</p>
        <label className="flex min-h-11 items-center gap-3 font-semibold">
          <input type="checkbox" name="notify" className="size-5" />
          {t("fields.notify")}
        </label>
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 self-start rounded-md bg-brand px-4 font-semibold text-on-brand disabled:opacity-60"
        >
          {t("post")}
        </button>
        {status ? (
          <p role="status" className={`rounded-md px-3 py-2 ${status.ok ? "bg-surface-muted" : "border border-accent bg-accent-soft"}`}>
            {status.text}
          </p>
        ) : null}
      </form>
    </>
  );
}

/** An announcement as a confirmation or a button names it: its first words in the language it was written first in. */
function shortText(item: Announcement): string {
  const text = item.text.vi.trim();
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
