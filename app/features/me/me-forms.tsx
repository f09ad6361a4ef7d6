/**
 * What a member changes on `/me`, as islands they wake by using them (decision 042): the profile (name
 * and photo), the directory switch, language and theme, the devices and the password, the data and
 * the account's deletion. Each is server HTML until used; a change that alters the page's server parts
 * (the name and photo in the header) shows the server's new header in place (`useShowMeParts`).
 * Their ids are fixed, never `useId`: a woken island's would differ from the server's.
 */
import { useContext, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { displayNameProblem } from "../../../universal/users/display-name.ts";
import { authErrorKey, AuthApiError } from "../../shared/auth/auth-api.ts";
import { signOut as signOutAndGo } from "../../shared/auth/sign-out.ts";
import { claimReload, RELOAD_GUARD_MS } from "../../shared/delivery/reload-guard.ts";
import { REFRESH_GUARD_KEY } from "../../shared/islands/document-reload.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import type { TFunction } from "../../shared/i18n/translator.ts";
import { IslandDocumentContext } from "../../shared/islands/island-document.ts";
import { showPageParts } from "../../shared/islands/page-parts.ts";
import { usePageRefresh } from "../../shared/islands/use-page-refresh.ts";
import { readThemeChoice, storeThemeChoice, subscribeThemeChoice, type ThemeChoice } from "../../shared/theme/theme.ts";
import { LanguageSwitch } from "../../shared/ui/language-switch.tsx";

/** The server parts of `/me` a change may alter: the header (name, photo). */
export const ME_PARTS = ["me-header"] as const;

/** The me namespace's parts each island shows, and the auth namespace's (its refusals and the password hint). */
export const ME_PROFILE_MESSAGES = ["profile", "photo", "errors"] as const;
export const ME_DIRECTORY_MESSAGES = ["directory", "errors"] as const;
export const ME_SETTINGS_MESSAGES = ["settings"] as const;
export const ME_SECURITY_MESSAGES = ["sessions", "password", "errors"] as const;
export const ME_DATA_MESSAGES = ["data", "delete", "errors"] as const;
export const ME_AUTH_MESSAGES = ["errors", "fields"] as const;

const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
const PHOTO_TYPES = ["image/png", "image/jpeg", "image/webp"];
export const meCard = "rounded-xl border border-line bg-surface p-4 sm:p-6";
export const input = "h-11 rounded-md border border-line bg-surface px-3 text-fg";
export const button =
  "inline-flex h-11 items-center justify-center rounded-md border border-line bg-surface px-4 font-semibold text-fg hover:bg-surface-muted disabled:opacity-60";
export const primary =
  "inline-flex h-11 items-center justify-center rounded-md bg-brand px-4 font-semibold text-on-brand disabled:opacity-60";

/** A section of `/me` with its heading, whose id is fixed (`me-section-{key}`). */
export function MeSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`me-section-${id}`} className={meCard}>
      <h2 id={`me-section-${id}`} className="mb-4 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** After a change: the server's new header in an islands document; in a page React Router hydrated, its loaders again. */
function useShowMeParts(): () => Promise<void> {
  const inDocument = useContext(IslandDocumentContext) !== null;
  const refresh = usePageRefresh();
  return inDocument ? async () => void (await showPageParts(ME_PARTS)) : refresh;
}

type MessageValues = Record<string, string | number>;
export type Status = { kind: "ok" | "error"; key: string; values?: MessageValues } | null;

/** One status line per form: a translated success or error, announced to screen readers. */
export function StatusLine({ status, t }: { status: Status; t: TFunction }) {
  return status ? (
    <p
      role={status.kind === "error" ? "alert" : "status"}
      className={`mt-3 text-sm ${status.kind === "error" ? "text-accent" : "text-fg-muted"}`}
    >
      {t(status.key, status.values ?? {})}
    </p>
  ) : null;
}

/**
 * Signs out and opens `to`. Ending the session closes this page's socket too, and an islands document
 * whose member is gone refreshes itself (to the sign-in page, for /me): the refresh this page would
 * make by itself is taken first, so that it goes where the member asked.
 */
export function signOut(to?: string): Promise<void> {
  leaving();
  return signOutAndGo(to);
}

/** Takes this page's automatic refresh (at most one per path in 10 s), as the page is about to leave. */
function leaving(): void {
  const { pathname, search, hash } = window.location;
  try {
    claimReload(sessionStorage, pathname + search + hash, Date.now(), REFRESH_GUARD_KEY, RELOAD_GUARD_MS);
  } catch {
    // No sessionStorage: nothing to take.
  }
}

/** A problem found before anything is sent, named by its message key. */
export class Problem extends Error {
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

/** Runs a form's action: busy while it runs, then its status line says how it went. */
export function useAction(passwordMinLength = 0) {
  const [busy, setBusy] = useState<string | null>(null);
  async function act(key: string, setStatus: (status: Status) => void, action: () => Promise<string>) {
    setBusy(key);
    setStatus(null);
    try {
      setStatus({ kind: "ok", key: await action() });
    } catch (error) {
      const count = passwordMinLength;
      if (error instanceof Problem) setStatus({ kind: "error", key: error.key, values: { count } });
      else if (error instanceof AuthApiError && error.code === "invalid-argument") setStatus({ kind: "error", key: `errors.${key}` });
      else setStatus({ kind: "error", key: `auth:${authErrorKey(error)}`, values: { count } });
    } finally {
      setBusy(null);
    }
  }
  return { busy, act };
}

export interface MeProfileProps {
  /** The me namespace's `ME_PROFILE_MESSAGES`. */
  i18n: RouteMessages;
  /** The auth namespace's `ME_AUTH_MESSAGES`. */
  authI18n: RouteMessages;
  displayName: string;
}

/** The display name and the photo. */
export function MeProfile({ i18n, authI18n, displayName }: MeProfileProps) {
  useRouteMessages(authI18n);
  const { t } = useRouteMessages(i18n);
  const showParts = useShowMeParts();
  const { busy, act } = useAction();
  const [nameStatus, setNameStatus] = useState<Status>(null);
  const [photoStatus, setPhotoStatus] = useState<Status>(null);

  function saveName(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("displayName") ?? "").trim();
    void act("name", setNameStatus, async () => {
      const problem = displayNameProblem(name);
      if (problem === "characters") throw new Problem("auth:errors.nameCharacters");
      if (problem === "length") throw new Problem("errors.name");
      await send("/api/profile", {
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ displayName: name }),
      }).catch((error: unknown) => {
        if (error instanceof AuthApiError && error.code === "name-reserved") throw new Problem("auth:errors.nameReserved");
        throw error;
      });
      await showParts();
      return "profile.saved";
    });
  }

  function uploadPhoto(file: File | undefined) {
    if (!file) return;
    void act("photo", setPhotoStatus, async () => {
      if (!PHOTO_TYPES.includes(file.type)) throw new Problem("errors.photoType");
      if (file.size > PHOTO_MAX_BYTES) throw new Problem("errors.photoSize");
      const body = new FormData();
      body.set("photo", file);
      await send("/api/profile/photo", { method: "POST", body });
      await showParts();
      return "photo.saved";
    });
  }

  return (
    <>
      <form onSubmit={saveName} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor="me-name" className="text-sm font-semibold">
            {t("profile.displayName")}
          </label>
          <input id="me-name" name="displayName" defaultValue={displayName} maxLength={40} required className={input} />
        </div>
        <button type="submit" disabled={busy === "name"} className={primary}>
          {t("profile.save")}
        </button>
      </form>
      <StatusLine status={nameStatus} t={t} />
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
        <StatusLine status={photoStatus} t={t} />
      </div>
    </>
  );
}

export interface MeDirectoryProps {
  /** The me namespace's `ME_DIRECTORY_MESSAGES`. */
  i18n: RouteMessages;
  /** The auth namespace's `ME_AUTH_MESSAGES`. */
  authI18n: RouteMessages;
  uid: string;
  /** Whether the profile is shown in the member directory (`/users`). */
  listed: boolean;
}

/** Whether the member is listed in the directory. */
export function MeDirectory({ i18n, authI18n, uid, listed: initiallyListed }: MeDirectoryProps) {
  useRouteMessages(authI18n);
  const { t } = useRouteMessages(i18n);
  const { busy, act } = useAction();
  const [listed, setListed] = useState(initiallyListed);
  const [status, setStatus] = useState<Status>(null);

  function saveListed(next: boolean) {
    setListed(next);
    void act("listed", setStatus, async () => {
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

  return (
    <>
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
        <a href={`/users?id=${encodeURIComponent(uid)}`} className="text-link underline underline-offset-2">
          {t("directory.view")}
        </a>
      </p>
      <StatusLine status={status} t={t} />
    </>
  );
}

/** Language and theme (kept on the device). */
export function MeSettings({ i18n }: { i18n: RouteMessages }) {
  const { t } = useRouteMessages(i18n);
  const theme = useSyncExternalStore<ThemeChoice>(subscribeThemeChoice, readThemeChoice, () => "system");
  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:gap-10">
      <div className="flex flex-col gap-1">
        <span className="text-sm font-semibold">{t("settings.language")}</span>
        <LanguageSwitch id="me-language" />
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
  );
}

/** What the deletion API answers when it wants proof of identity, as message keys. */
const deletionErrors: Record<string, string> = {
  "permission-denied": "errors.deletePassword",
  unauthenticated: "errors.deleteSignInAgain",
  "resource-exhausted": "auth:errors.tooManyAttempts",
};

export interface MeDataProps {
  /** The me namespace's `ME_DATA_MESSAGES`. */
  i18n: RouteMessages;
  /** The auth namespace's `ME_AUTH_MESSAGES`. */
  authI18n: RouteMessages;
  /** Without one (a social or OpenID account), a fresh sign-in confirms the deletion instead. */
  hasPassword: boolean;
}

/** The member's data (export), signing out, and deleting the account. */
export function MeData({ i18n, authI18n, hasPassword }: MeDataProps) {
  useRouteMessages(authI18n);
  const { t } = useRouteMessages(i18n);
  const { busy, act } = useAction();
  const [status, setStatus] = useState<Status>(null);
  const deleteDialog = useRef<HTMLDialogElement>(null);

  function deleteAccount(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    void act("delete", setStatus, async () => {
      if (hasPassword && !password) throw new Problem("auth:errors.passwordRequired");
      // Deleted, the account's sockets close before the answer may arrive: this page goes home, not to sign in.
      leaving();
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
    <>
      <MeSection id="data" title={t("data.title")}>
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
      </MeSection>

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
          <StatusLine status={status} t={t} />
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" onClick={() => deleteDialog.current?.close()} className={button}>
              {t("delete.cancel")}
            </button>
            <button type="submit" disabled={busy === "delete"} className={primary}>
              {t("delete.submit")}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
