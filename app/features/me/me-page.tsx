import type { TFunction } from "../../shared/i18n/translator.ts";
import { displayNameProblem } from "../../../universal/users/display-name.ts";
import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode } from "react";
import { Link, useRevalidator } from "react-router";
import { levelForPoints, MAX_CONTRIBUTION_LEVEL, pointsForLevel } from "../../../universal/contribution/contribution-levels.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { formatDate, numberFormat } from "../../shared/i18n/format.ts";
import type { Language } from "../../../universal/i18n/languages.ts";
import { readThemeChoice, storeThemeChoice, subscribeThemeChoice, type ThemeChoice } from "../../shared/theme/theme.ts";
import { Avatar, Badges } from "../../shared/ui/badges.tsx";
import { Breadcrumbs } from "../../shared/ui/breadcrumbs.tsx";
import { deviceName } from "../../shared/ui/device-name.ts";
import { LanguageSwitch } from "../../shared/ui/language-switch.tsx";
import { authApi, authErrorKey, AuthApiError, type SessionInfo } from "../../shared/auth/auth-api.ts";
import { signOut } from "../../shared/auth/sign-out.ts";

export interface MeProfile {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  role: string;
  tag: string;
  title: string;
  level: number;
  createdAt: number;
}

const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
const PHOTO_TYPES = ["image/png", "image/jpeg", "image/webp"];
const card = "rounded-xl border border-line bg-surface p-4 sm:p-6";
const input = "h-11 rounded-md border border-line bg-surface px-3 text-fg";
const button =
  "inline-flex h-11 items-center justify-center rounded-md border border-line bg-surface px-4 font-semibold text-fg hover:bg-surface-muted disabled:opacity-60";
const primary = "inline-flex h-11 items-center justify-center rounded-md bg-brand px-4 font-semibold text-on-brand disabled:opacity-60";

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="mb-4 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The level the member's points reached and how far the next one is (the curve is on /level). */
function ContributionProgress({ points, language, t }: { points: number; language: Language; t: TFunction }) {
  const id = useId();
  const level = levelForPoints(points);
  const number = numberFormat(language);
  const floor = pointsForLevel(level);
  const top = level < MAX_CONTRIBUTION_LEVEL ? pointsForLevel(level + 1) : null;
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="mb-2 text-lg font-bold">
        {t("contribution.title")}
      </h2>
      <p className="text-sm">{t("contribution.summary", { level: number.format(level), points: number.format(points) })}</p>
      {top === null ? (
        <p className="mt-2 text-sm text-fg-muted">{t("contribution.maxLevel")}</p>
      ) : (
        <>
          <progress
            className="mt-3 h-2 w-full accent-brand"
            max={top - floor}
            value={points - floor}
            aria-label={t("contribution.progressLabel", { level: number.format(level + 1) })}
          />
          <p className="mt-1 text-sm text-fg-muted">
            {t("contribution.toNext", { count: top - points, points: number.format(top - points), level: number.format(level + 1) })}
          </p>
        </>
      )}
      <p className="mt-3 flex flex-wrap gap-x-4 text-sm">
        <Link to="/level#contribution" className="inline-flex min-h-11 items-center text-link underline">
          {t("contribution.howItWorks")}
        </Link>
        <Link to="/users" className="inline-flex min-h-11 items-center text-link underline">
          {t("contribution.ranking")}
        </Link>
      </p>
    </section>
  );
}

type MessageValues = Record<string, string | number>;

/** One status line per form: a translated success or error, announced to screen readers. */
function useStatus() {
  const [status, setStatus] = useState<{ kind: "ok" | "error"; key: string; values?: MessageValues } | null>(null);
  const view = (t: TFunction) =>
    status ? (
      <p
        role={status.kind === "error" ? "alert" : "status"}
        className={`mt-3 text-sm ${status.kind === "error" ? "text-accent" : "text-fg-muted"}`}
      >
        {t(status.key, status.values ?? {})}
      </p>
    ) : null;
  return { set: setStatus, view };
}

/** A problem found before anything is sent, named by its message key. */
class Problem extends Error {
  readonly key: string;
  constructor(key: string) {
    super(key);
    this.key = key;
  }
}

async function send(path: string, init: RequestInit): Promise<Response> {
  const response = await fetch(path, { credentials: "same-origin", ...init });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: { code?: string } };
    throw new AuthApiError(body.error?.code ?? `HTTP_${response.status}`, response.status);
  }
  return response;
}

/** What the deletion API answers when it wants proof of identity, as message keys. */
const deletionErrors: Record<string, string> = {
  "permission-denied": "errors.deletePassword",
  unauthenticated: "errors.deleteSignInAgain",
  "resource-exhausted": "auth:errors.tooManyAttempts",
};

export function MePage({
  i18n,
  authI18n,
  profile,
  language,
  passwordMinLength,
  hasPassword,
  listed: initiallyListed,
  points,
  notifications,
}: {
  i18n: RouteMessages;
  authI18n: RouteMessages;
  profile: MeProfile;
  language: Language;
  passwordMinLength: number;
  /** Without one (a social or OpenID account), a fresh sign-in confirms the deletion instead. */
  hasPassword: boolean;
  /** Whether the profile is shown in the member directory (`/users`). */
  listed: boolean;
  /** Contribution points so far: they set the level (universal/contribution). */
  points: number;
  /** The notification choices, which the notifications feature draws. */
  notifications: ReactNode;
}) {
  useRouteMessages(authI18n);
  const { t } = useRouteMessages(i18n);
  const revalidator = useRevalidator();
  const name = profile.displayName ?? profile.email ?? "";
  const since = formatDate(profile.createdAt, language, { date: "long" });

  const nameStatus = useStatus();
  const photoStatus = useStatus();
  const passwordStatus = useStatus();
  const sessionStatus = useStatus();
  const deleteStatus = useStatus();
  const listedStatus = useStatus();
  const [listed, setListed] = useState(initiallyListed);
  const [busy, setBusy] = useState<string | null>(null);
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  /** This browser's session, marked in the list ("this device"). */
  const [currentSession, setCurrentSession] = useState<string | null>(null);
  const theme = useSyncExternalStore<ThemeChoice>(subscribeThemeChoice, readThemeChoice, () => "system");
  const deleteDialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    authApi.listSessions().then(setSessions, () => setSessions([]));
    authApi.getSession().then(
      (session) => setCurrentSession(session?.session.id ?? null),
      () => undefined,
    );
  }, []);

  async function act(key: string, status: ReturnType<typeof useStatus>, action: () => Promise<string>) {
    setBusy(key);
    status.set(null);
    try {
      status.set({ kind: "ok", key: await action() });
    } catch (error) {
      const count = passwordMinLength;
      if (error instanceof Problem) status.set({ kind: "error", key: error.key, values: { count } });
      else if (error instanceof AuthApiError && error.code === "invalid-argument") status.set({ kind: "error", key: `errors.${key}` });
      else status.set({ kind: "error", key: `auth:${authErrorKey(error)}`, values: { count } });
    } finally {
      setBusy(null);
    }
  }

  function saveName(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const displayName = String(new FormData(event.currentTarget).get("displayName") ?? "").trim();
    void act("name", nameStatus, async () => {
      const problem = displayNameProblem(displayName);
      if (problem === "characters") throw new Problem("auth:errors.nameCharacters");
      if (problem === "length") throw new Problem("errors.name");
      await send("/api/profile", {
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ displayName }),
      }).catch((error: unknown) => {
        if (error instanceof AuthApiError && error.code === "name-reserved") throw new Problem("auth:errors.nameReserved");
        throw error;
      });
      await revalidator.revalidate();
      return "profile.saved";
    });
  }

  function saveListed(next: boolean) {
    setListed(next);
    void act("listed", listedStatus, async () => {
      try {
        await send("/api/profile/settings", {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ listed: next }),
        });
      } catch (error) {
        setListed(!next);
        throw error;
      }
      return next ? "directory.shown" : "directory.hidden";
    });
  }

  function uploadPhoto(file: File | undefined) {
    if (!file) return;
    void act("photo", photoStatus, async () => {
      if (!PHOTO_TYPES.includes(file.type)) throw new Problem("errors.photoType");
      if (file.size > PHOTO_MAX_BYTES) throw new Problem("errors.photoSize");
      const body = new FormData();
      body.set("photo", file);
      await send("/api/profile/photo", { method: "POST", body });
      await revalidator.revalidate();
      return "photo.saved";
    });
  }

  function changePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const current = String(form.get("current") ?? "");
    const next = String(form.get("next") ?? "");
    const formElement = event.currentTarget;
    void act("password", passwordStatus, async () => {
      if (next.length < passwordMinLength) throw new Problem("auth:errors.passwordTooShort");
      if (next !== String(form.get("confirm") ?? "")) throw new Problem("auth:errors.passwordMismatch");
      await authApi.changePassword(current, next);
      formElement.reset();
      setSessions(await authApi.listSessions().catch(() => null));
      return "password.changed";
    });
  }

  function signOutOthers() {
    void act("sessions", sessionStatus, async () => {
      await authApi.revokeOtherSessions();
      setSessions(await authApi.listSessions().catch(() => null));
      return "sessions.othersEnded";
    });
  }

  /** Signs one device out: this one as a sign-out; another by revoking its session (its socket closes too). */
  function signOutDevice(session: SessionInfo) {
    if (session.id === currentSession) {
      void signOut();
      return;
    }
    void act("sessions", sessionStatus, async () => {
      await authApi.revokeSession(session.token);
      setSessions(await authApi.listSessions().catch(() => null));
      return "sessions.deviceEnded";
    });
  }

  function deleteAccount(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    void act("delete", deleteStatus, async () => {
      if (hasPassword && !password) throw new Problem("auth:errors.passwordRequired");
      try {
        await send("/api/profile", {
          method: "DELETE",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(hasPassword ? { password } : {}),
        });
      } catch (error) {
        const known = error instanceof AuthApiError ? deletionErrors[error.code] : undefined;
        throw known ? new Problem(known) : error;
      }
      await signOut();
      return "delete.done";
    });
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <Breadcrumbs />
      <header className={`${card} flex flex-col items-start gap-4 sm:flex-row sm:items-center`}>
        <Avatar name={name} image={profile.photoURL} size={80} />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">{name}</h1>
          <p className="text-sm text-fg-muted">
            {profile.email} · {t("profile.memberSince", { date: since })}
          </p>
          <Badges subject={profile} className="mt-2" />
        </div>
      </header>

      <ContributionProgress points={points} language={language} t={t} />

      <Section title={t("profile.title")}>
        <form onSubmit={saveName} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor="me-name" className="text-sm font-semibold">
              {t("profile.displayName")}
            </label>
            <input id="me-name" name="displayName" defaultValue={profile.displayName ?? ""} maxLength={40} required className={input} />
          </div>
          <button type="submit" disabled={busy === "name"} className={primary}>
            {t("profile.save")}
          </button>
        </form>
        {nameStatus.view(t)}
        <div className="mt-5 flex flex-col gap-1">
          <span className="text-sm font-semibold">{t("photo.label")}</span>
          {/* The native file button speaks the browser's language; this label speaks ours. */}
          <label htmlFor="me-photo" className={`${button} w-fit cursor-pointer has-[:focus-visible]:outline-2`}>
            {t("photo.choose")}
            <input
              id="me-photo"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              disabled={busy === "photo"}
              onChange={(event) => uploadPhoto(event.currentTarget.files?.[0])}
              className="sr-only"
            />
          </label>
          <p className="text-xs text-fg-muted">{t("photo.hint")}</p>
          {photoStatus.view(t)}
        </div>
      </Section>

      <Section title={t("directory.title")}>
        <label className="flex min-h-11 cursor-pointer items-center gap-3">
          <span className="relative inline-flex shrink-0">
            <input
              type="checkbox"
              role="switch"
              checked={listed}
              disabled={busy === "listed"}
              aria-describedby="me-listed-hint"
              onChange={(event) => saveListed(event.currentTarget.checked)}
              className="peer h-7 w-12 cursor-[inherit] appearance-none rounded-full border-2 border-fg-muted bg-surface transition-colors checked:border-brand checked:bg-brand"
            />
            <span
              aria-hidden="true"
              className="pointer-events-none absolute top-1.5 left-1.5 size-4 rounded-full bg-fg-muted transition-transform peer-checked:translate-x-5 peer-checked:bg-on-brand"
            />
          </span>
          {t("directory.listed")}
        </label>
        <p id="me-listed-hint" className="mt-1 text-sm text-fg-muted">
          {t("directory.hint")}{" "}
          <a href={`/users?id=${encodeURIComponent(profile.uid)}`} className="text-link underline underline-offset-2">
            {t("directory.view")}
          </a>
        </p>
        {listedStatus.view(t)}
      </Section>

      <Section title={t("settings.title")}>
        <div className="flex flex-col gap-5 sm:flex-row sm:gap-10">
          <div className="flex flex-col gap-1">
            <span className="text-sm font-semibold">{t("settings.language")}</span>
            <LanguageSwitch />
          </div>
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-semibold">{t("settings.theme")}</legend>
            <div className="flex flex-wrap gap-3">
              {(["system", "light", "dark"] as const).map((choice) => (
                <label key={choice} className="flex min-h-10 items-center gap-2">
                  <input
                    type="radio"
                    name="theme"
                    value={choice}
                    checked={theme === choice}
                    onChange={() => storeThemeChoice(choice)}
                    className="size-4"
                  />
                  {t(`settings.themes.${choice}`)}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      </Section>

      <Section title={t("notifications.title")}>{notifications}</Section>

      <Section title={t("sessions.title")}>
        {sessions === null ? (
          <p className="text-sm text-fg-muted">{t("sessions.loading")}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line">
            {sessions.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <div>
                  <p id={`me-session-${session.id}`} className="font-semibold">
                    {deviceName(session.userAgent) ?? t("sessions.unknownDevice")}
                    {session.id === currentSession ? (
                      <span className="ms-2 font-normal text-fg-muted">{t("sessions.thisDevice")}</span>
                    ) : null}
                  </p>
                  <p className="text-fg-muted">
                    {t("sessions.details", {
                      ip: session.ipAddress ?? "—",
                      date: formatDate(new Date(session.updatedAt), language, { date: "medium", time: "short", local: true }),
                    })}
                  </p>
                </div>
                <button
                  type="button"
                  onClick={() => signOutDevice(session)}
                  disabled={busy === "sessions"}
                  aria-describedby={`me-session-${session.id}`}
                  className={button}
                >
                  {t("sessions.signOutDevice")}
                </button>
              </li>
            ))}
          </ul>
        )}
        <button
          type="button"
          onClick={signOutOthers}
          disabled={busy === "sessions" || (sessions?.length ?? 0) < 2}
          className={`${button} mt-3`}
        >
          {t("sessions.signOutOthers")}
        </button>
        {sessionStatus.view(t)}
      </Section>

      {hasPassword ? (
        <Section title={t("password.title")}>
          <form onSubmit={changePassword} noValidate className="flex flex-col gap-3 sm:max-w-sm">
            {(["current", "next", "confirm"] as const).map((field) => (
              <div key={field} className="flex flex-col gap-1">
                <label htmlFor={`me-password-${field}`} className="text-sm font-semibold">
                  {t(`password.${field}`)}
                </label>
                <input
                  id={`me-password-${field}`}
                  name={field}
                  type="password"
                  autoComplete={field === "current" ? "current-password" : "new-password"}
                  required
                  className={input}
                />
              </div>
            ))}
            <p className="text-xs text-fg-muted">
              {t("auth:fields.passwordHint", { count: passwordMinLength })} {t("password.hint")}
            </p>
            <button type="submit" disabled={busy === "password"} className={primary}>
              {t("password.submit")}
            </button>
          </form>
          {passwordStatus.view(t)}
        </Section>
      ) : null}

      <Section title={t("data.title")}>
        <div className="flex flex-wrap gap-3">
          <a href="/api/profile/export" download className={button}>
            {t("data.export")}
          </a>
          <button type="button" onClick={() => void signOut()} className={button}>
            {t("data.signOut")}
          </button>
          <button type="button" onClick={() => deleteDialog.current?.showModal()} className={`${button} border-accent text-accent`}>
            {t("delete.open")}
          </button>
        </div>
      </Section>

      <dialog
        ref={deleteDialog}
        aria-labelledby="me-delete-title"
        className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-xl bg-surface p-6 text-fg"
      >
        <h2 id="me-delete-title" className="text-lg font-bold">
          {t("delete.title")}
        </h2>
        <p className="mt-2 text-sm text-fg-muted">{t("delete.warning")}</p>
        <form onSubmit={deleteAccount} noValidate className="mt-4 flex flex-col gap-3">
          {hasPassword ? (
            <>
              <label htmlFor="me-delete-password" className="text-sm font-semibold">
                {t("delete.passwordLabel")}
              </label>
              <input id="me-delete-password" name="password" type="password" autoComplete="current-password" required className={input} />
            </>
          ) : (
            <p className="text-sm">
              {t("delete.signInAgainHint")}{" "}
              <button
                type="button"
                onClick={() => void signOut("/login?redirect=%2Fme")}
                className="text-link underline underline-offset-2"
              >
                {t("delete.signInAgain")}
              </button>
            </p>
          )}
          {deleteStatus.view(t)}
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" onClick={() => deleteDialog.current?.close()} className={button}>
              {t("delete.cancel")}
            </button>
            <button type="submit" disabled={busy === "delete"} className={`${primary}`}>
              {t("delete.submit")}
            </button>
          </div>
        </form>
      </dialog>
    </div>
  );
}
