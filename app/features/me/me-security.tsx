/**
 * The security section of `/me`, an island woken by use (decision 042): the devices signed in, with
 * "sign out everywhere else", and the password (set or changed). Split from `me-forms.tsx`, whose
 * shared pieces (styles, the status line, `useAction`, `signOut`) it uses.
 */
import { useState, type FormEvent } from "react";
import type { Language } from "../../../universal/i18n/languages.ts";
import { authApi } from "../../shared/auth/auth-api.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { deviceName } from "../../shared/ui/device-name.ts";
import type { Device } from "../../../server/profile/devices.ts";
import { button, input, MeSection, primary, signOut, StatusLine, useAction, Problem, type Status } from "./me-forms.tsx";

export interface MeSecurityProps {
  /** The me namespace's `ME_SECURITY_MESSAGES`. */
  i18n: RouteMessages;
  /** The auth namespace's `ME_AUTH_MESSAGES`. */
  authI18n: RouteMessages;
  language: Language;
  /** The account's signed-in devices, as the server read them for this page. */
  devices: Device[];
  /** This browser's session among them ("this device"). */
  current: string | null;
  /** Without one (a social or OpenID account) there is no password to change. */
  hasPassword: boolean;
  passwordMinLength: number;
}

/** The signed-in devices (sign one out, or every other) and the password. */
export function MeSecurity({ i18n, authI18n, language, devices: listed, current, hasPassword, passwordMinLength }: MeSecurityProps) {
  useRouteMessages(authI18n);
  const { t } = useRouteMessages(i18n);
  const { busy, act } = useAction(passwordMinLength);
  const [devices, setDevices] = useState<Device[]>(listed);
  const [sessionStatus, setSessionStatus] = useState<Status>(null);
  const [passwordStatus, setPasswordStatus] = useState<Status>(null);

  /** The account's devices as the auth API lists them now (the page's list stays if it cannot answer). */
  async function relist() {
    const sessions = await authApi.listSessions().catch(() => null);
    if (!sessions) return;
    setDevices(
      sessions
        .map(({ id, updatedAt, ipAddress, userAgent }) => ({ id, updatedAt, ipAddress: ipAddress ?? null, userAgent: userAgent ?? null }))
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
    );
  }

  function signOutOthers() {
    void act("sessions", setSessionStatus, async () => {
      await authApi.revokeOtherSessions();
      await relist();
      return "sessions.othersEnded";
    });
  }

  /** Signs one device out: this one as a sign-out; another by revoking its session (its socket closes too). */
  function signOutDevice(device: Device) {
    if (device.id === current) {
      void signOut();
      return;
    }
    void act("sessions", setSessionStatus, async () => {
      // The page holds no session token: the auth API names the device's.
      const token = (await authApi.listSessions()).find((each) => each.id === device.id)?.token;
      if (token) await authApi.revokeSession(token);
      await relist();
      return "sessions.deviceEnded";
    });
  }

  function changePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const currentPassword = String(form.get("current") ?? "");
    const next = String(form.get("next") ?? "");
    const formElement = event.currentTarget;
    void act("password", setPasswordStatus, async () => {
      if (next.length < passwordMinLength) throw new Problem("auth:errors.passwordTooShort");
      if (next !== String(form.get("confirm") ?? "")) throw new Problem("auth:errors.passwordMismatch");
      await authApi.changePassword(currentPassword, next);
      formElement.reset();
      await relist();
      return "password.changed";
    });
  }

  return (
    <>
      <MeSection id="sessions" title={t("sessions.title")}>
        <ul className="flex flex-col divide-y divide-line">
          {devices.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <div>
                <p id={`me-session-${device.id}`} className="font-semibold">
                  {deviceName(device.userAgent) ?? t("sessions.unknownDevice")}
                  {device.id === current ? <span className="ms-2 font-normal text-fg-muted">{t("sessions.thisDevice")}</span> : null}
                </p>
                <p className="text-fg-muted">
                  {t("sessions.details", {
                    ip: device.ipAddress ?? "—",
                    date: formatDate(new Date(device.updatedAt), language, { date: "medium", time: "short" }),
                  })}
                </p>
              </div>
              <button
                type="button"
                onClick={() => signOutDevice(device)}
                disabled={busy === "sessions"}
                aria-describedby={`me-session-${device.id}`}
                className={button}
              >
                {t("sessions.signOutDevice")}
              </button>
            </li>
          ))}
        </ul>
        <button type="button" onClick={signOutOthers} disabled={busy === "sessions" || devices.length < 2} className={`${button} mt-3`}>
          {t("sessions.signOutOthers")}
        </button>
        <StatusLine status={sessionStatus} t={t} />
      </MeSection>

      {hasPassword ? (
        <MeSection id="password" title={t("password.title")}>
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
          <StatusLine status={passwordStatus} t={t} />
        </MeSection>
      ) : null}
    </>
  );
}
