import { useId, useState, type FormEvent, type ReactNode } from "react";
import { displayNameProblem } from "../../../universal/users/display-name.ts";
import { Link, useSearchParams } from "react-router";
import type { ProviderInfo } from "../../../universal/auth/provider-info.ts";
import { safeNavigationTarget, safeRedirectPath } from "../../../universal/navigation/safe-navigation.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { authApi, authErrorKey, AuthApiError } from "../../shared/auth/auth-api.ts";

type Mode = "signin" | "signup" | "forgot" | "reset";
const modes: readonly Mode[] = ["signin", "signup", "forgot", "reset"];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface LoginPageProps {
  i18n: RouteMessages;
  providers: ProviderInfo[];
  passwordMinLength: number;
  /** An admin may close sign-ups: the sign-up tab then says so instead of offering a form. */
  signUpsOpen: boolean;
}

function Field({ label, children, hint }: { label: string; children: (id: string) => ReactNode; hint?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children(id)}
      {hint ? <p className="text-xs text-fg-muted">{hint}</p> : null}
    </div>
  );
}

const input = "h-11 rounded-md border border-line bg-surface px-3 text-fg";
const primary = "h-11 rounded-md bg-brand px-4 font-semibold text-on-brand disabled:opacity-60";

/** The message for an `error` the identity provider put in the address when it sent the visitor back. */
function errorFromRedirect(errors: string[]): string | null {
  if (errors.length === 0) return null;
  if (errors.includes("INVALID_TOKEN")) return "errors.resetLinkInvalid";
  if (errors.some((error) => /sign_?ups?_closed/i.test(error))) return "errors.signUpsClosed";
  return "errors.redirectFailed";
}

/** Sign in, sign up, forgotten and reset password, and the providers the deployment configured. */
export function LoginPage({ i18n, providers, passwordMinLength, signUpsOpen }: LoginPageProps) {
  const { t } = useRouteMessages(i18n);
  const [params] = useSearchParams();
  const requested = params.get("mode");
  const mode: Mode = modes.includes(requested as Mode) ? (requested as Mode) : "signin";
  const target = safeRedirectPath(params.get("redirect"));
  const [error, setError] = useState<string | null>(errorFromRedirect(params.getAll("error")));
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const withRedirect = (next: Mode) => {
    const query = new URLSearchParams({ mode: next });
    if (params.get("redirect")) query.set("redirect", params.get("redirect") ?? "");
    return `/login?${query.toString()}`;
  };

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await action();
    } catch (failure) {
      setError(failure instanceof Error && failure.message.startsWith("errors.") ? failure.message : authErrorKey(failure));
    } finally {
      setBusy(false);
    }
  }

  function check(condition: boolean, key: string) {
    if (!condition) throw new Error(key);
  }

  async function signedIn() {
    const { authChanged } = await import("../../shared/auth/auth-runtime.ts");
    await authChanged();
    location.assign(target);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    void run(async () => {
      if (mode === "signin") {
        check(EMAIL.test(email), "errors.invalidEmail");
        check(password.length > 0, "errors.passwordRequired");
        await authApi.signInEmail({ email, password, rememberMe: form.get("remember") === "on" });
        await signedIn();
      } else if (mode === "signup") {
        const name = String(form.get("name") ?? "").trim();
        const nameProblem = displayNameProblem(name);
        check(nameProblem !== "characters", "errors.nameCharacters");
        check(nameProblem !== "length", "errors.nameRequired");
        check(EMAIL.test(email), "errors.invalidEmail");
        check(password.length >= passwordMinLength, "errors.passwordTooShort");
        check(password === String(form.get("confirm") ?? ""), "errors.passwordMismatch");
        await authApi.signUpEmail({ email, password, name });
        await signedIn();
      } else if (mode === "forgot") {
        check(EMAIL.test(email), "errors.invalidEmail");
        await authApi.requestPasswordReset(email);
        setNotice("forgot.sent");
      } else {
        const token = params.get("token") ?? "";
        check(token.length > 0, "errors.resetLinkInvalid");
        check(password.length >= passwordMinLength, "errors.passwordTooShort");
        check(password === String(form.get("confirm") ?? ""), "errors.passwordMismatch");
        await authApi.resetPassword(token, password);
        setNotice("reset.done");
      }
    });
  }

  function withProvider(provider: ProviderInfo) {
    void run(async () => {
      let url: string;
      try {
        url = await authApi.providerSignInUrl(provider, target);
      } catch (failure) {
        throw failure instanceof AuthApiError && failure.code === "NETWORK_ERROR"
          ? failure
          : new AuthApiError("PROVIDER_REDIRECT_FAILED", 0);
      }
      location.assign(safeNavigationTarget(url, { external: true }).href);
    });
  }

  const passwordHint = t("fields.passwordHint", { count: passwordMinLength });
  return (
    <div className="w-full max-w-md rounded-xl border border-line bg-surface p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold">{t(`${mode}.title`)}</h1>
      {mode === "signup" && !signUpsOpen ? null : <p className="mt-1 text-sm text-fg-muted">{t(`${mode}.lead`)}</p>}

      {mode === "signin" || mode === "signup" ? (
        <nav aria-label={t("modes.label")} className="mt-5 grid grid-cols-2 rounded-md bg-surface-muted p-1 text-sm font-semibold">
          {(["signin", "signup"] as const).map((tab) => (
            <Link
              key={tab}
              to={withRedirect(tab)}
              replace
              aria-current={mode === tab ? "page" : undefined}
              className={`rounded px-3 py-2 text-center ${mode === tab ? "bg-surface text-fg shadow-sm" : "text-fg-muted"}`}
            >
              {t(`modes.${tab}`)}
            </Link>
          ))}
        </nav>
      ) : null}

      {error ? (
        <p role="alert" className="mt-4 rounded-md border border-accent bg-accent-soft px-3 py-2 text-sm text-fg">
          {t(error, { count: passwordMinLength })}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="mt-4 rounded-md border border-line bg-surface-muted px-3 py-2 text-sm text-fg">
          {t(notice)}
        </p>
      ) : null}

      {mode === "signup" && !signUpsOpen ? (
        <p role="status" className="mt-5 rounded-md border border-line bg-surface-muted px-3 py-2 text-sm text-fg">
          {t("signup.closed")}
        </p>
      ) : (
        <form method="post" noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-4">
          {mode === "signup" ? (
            <Field label={t("fields.name")}>
              {(id) => <input id={id} name="name" autoComplete="nickname" maxLength={40} required className={input} />}
            </Field>
          ) : null}
          {mode !== "reset" ? (
            <Field label={t("fields.email")}>
              {(id) => <input id={id} name="email" type="email" autoComplete="email" inputMode="email" required className={input} />}
            </Field>
          ) : null}
          {mode !== "forgot" ? (
            <Field
              label={t(mode === "reset" ? "fields.newPassword" : "fields.password")}
              hint={mode === "signin" ? undefined : passwordHint}
            >
              {(id) => (
                <input
                  id={id}
                  name="password"
                  type="password"
                  autoComplete={mode === "signin" ? "current-password" : "new-password"}
                  required
                  className={input}
                />
              )}
            </Field>
          ) : null}
          {mode === "signup" || mode === "reset" ? (
            <Field label={t("fields.confirm")}>
              {(id) => <input id={id} name="confirm" type="password" autoComplete="new-password" required className={input} />}
            </Field>
          ) : null}
          {mode === "signin" ? (
            <div className="flex items-center justify-between gap-3 text-sm">
              <label className="flex items-center gap-2">
                <input type="checkbox" name="remember" defaultChecked className="size-4" />
                {t("fields.remember")}
              </label>
              <Link to={withRedirect("forgot")} className="text-link underline-offset-2 hover:underline">
                {t("signin.forgot")}
              </Link>
            </div>
          ) : null}
          <button type="submit" disabled={busy} className={primary}>
            {t(`${mode}.submit`)}
          </button>
        </form>
      )}

      {mode === "forgot" || mode === "reset" ? (
        <p className="mt-4 text-sm">
          <Link to={withRedirect("signin")} className="text-link underline-offset-2 hover:underline">
            {t("backToSignIn")}
          </Link>
        </p>
      ) : null}

      {(mode === "signin" || (mode === "signup" && signUpsOpen)) && providers.length > 0 ? (
        <div className="mt-6">
          <p className="mb-3 text-center text-sm text-fg-muted">{t("providers.or")}</p>
          <div className="flex flex-col gap-2">
            {providers.map((provider) => (
              <button
                key={provider.id}
                type="button"
                disabled={busy}
                onClick={() => withProvider(provider)}
                className="h-11 rounded-md border border-line bg-surface px-4 font-semibold text-fg hover:bg-surface-muted"
              >
                {t("providers.continueWith", { name: provider.name })}
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
