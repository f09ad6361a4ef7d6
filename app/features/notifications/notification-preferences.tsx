import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { mayNotifyInBrowser } from "../../../universal/notifications/notification-kinds.ts";
import type { NotificationPreference } from "../../../universal/notifications/notification-schemas.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { PERMISSION_ALLOW, PERMISSION_TEXT, type PermissionPanelProps } from "./permission-panel.ts";

type BrowserPermission = "checking" | "unsupported" | NotificationPermission;

const permissionListeners = new Set<() => void>();

/** The browser's permission for this site, followed as it changes (here, or in the browser's own settings). */
function subscribePermission(listener: () => void): () => void {
  permissionListeners.add(listener);
  let status: PermissionStatus | undefined;
  let stopped = false;
  navigator.permissions?.query({ name: "notifications" }).then(
    (found) => {
      if (stopped) return;
      status = found;
      status.addEventListener("change", listener);
    },
    () => {},
  );
  return () => {
    stopped = true;
    permissionListeners.delete(listener);
    status?.removeEventListener("change", listener);
  };
}

const readPermission = (): BrowserPermission => (typeof Notification === "undefined" ? "unsupported" : Notification.permission);

async function requestPermission(): Promise<void> {
  await Notification.requestPermission();
  for (const listener of permissionListeners) listener();
}

async function save(preference: NotificationPreference) {
  // Loaded on use: a static import here regroups the chunks pages share, and /me's first load
  // grew from 128.8 to 130.1 KB (gzip), past the budget.
  const loaded = await import("../../shared/api/json-api.ts").catch(() => null);
  if (!loaded) return { ok: false as const };
  return loaded.apiJson<NotificationPreference[]>("/api/notifications/preferences", { method: "PUT", body: preference });
}

function Switch({
  label,
  checked,
  disabled = false,
  describedBy,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  describedBy?: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 has-disabled:cursor-not-allowed has-disabled:opacity-60">
      <span className="relative inline-flex shrink-0">
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.currentTarget.checked)}
          className="peer h-7 w-12 cursor-[inherit] appearance-none rounded-full border-2 border-fg-muted bg-surface transition-colors checked:border-brand checked:bg-brand"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1.5 left-1.5 size-4 rounded-full bg-fg-muted transition-transform peer-checked:translate-x-5 peer-checked:bg-on-brand"
        />
      </span>
      {label}
    </label>
  );
}

/**
 * This browser's permission, as the `notification-permission` island: the server renders it checking,
 * and its plain runtime (`permission-panel.ts`) says what the browser answers as the page loads; in a
 * page React Router renders, this component starts that runtime itself.
 */
export function NotificationPermissionPanel({ i18n }: PermissionPanelProps) {
  const { t } = useRouteMessages(i18n);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    void import("./permission-panel.ts").then((module) => panel.current && module.startPermissionPanel(panel.current, { i18n }));
    // Once: the runtime follows the permission itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div ref={panel} className="mb-4 rounded-lg bg-surface-muted p-3 text-sm">
      <p className="font-semibold">{t("preferences.permission.title")}</p>
      <p className="mt-1 text-fg-muted" aria-live="polite" {...{ [PERMISSION_TEXT]: "" }}>
        {t("preferences.permission.checking")}
      </p>
      <button
        type="button"
        hidden
        {...{ [PERMISSION_ALLOW]: "" }}
        className="mt-2 inline-flex h-11 items-center justify-center rounded-md border border-line bg-surface px-4 font-semibold text-fg hover:bg-surface-muted [&[hidden]]:hidden"
      >
        {t("preferences.permission.allow")}
      </button>
    </div>
  );
}

/**
 * `/me`'s notification choices: per kind, in the app and as a browser notification; and this browser's
 * permission, unless the page shows it apart (`withPermission={false}`, `NotificationPermissionPanel`).
 */
export function NotificationPreferences({
  i18n,
  preferences,
  withPermission = true,
}: {
  i18n: RouteMessages;
  preferences: NotificationPreference[];
  withPermission?: boolean;
}) {
  const { t } = useRouteMessages(i18n);
  // A fixed id, not useId: on /me this is an island woken later, whose useId would differ from the server's.
  const id = "notification-preferences";
  const [choices, setChoices] = useState(preferences);
  const [status, setStatus] = useState<"saved" | "error" | null>(null);
  const permission = useSyncExternalStore(subscribePermission, readPermission, (): BrowserPermission => "checking");
  // Saves go one after another; once none is left, the page shows what the server holds.
  const saving = useRef({ queue: Promise.resolve(), pending: 0, confirmed: preferences });

  function change(next: NotificationPreference) {
    setChoices((current) => current.map((each) => (each.kind === next.kind ? next : each)));
    setStatus(null);
    const work = saving.current;
    work.pending += 1;
    work.queue = work.queue.then(async () => {
      const answer = await save(next);
      if (answer.ok) work.confirmed = answer.data;
      work.pending -= 1;
      if (!answer.ok) setStatus("error");
      else if (work.pending === 0) setStatus((shown) => (shown === "error" ? shown : "saved"));
      if (work.pending === 0) setChoices(work.confirmed);
    });
  }

  return (
    <div className="flex flex-col gap-4">
      {withPermission ? (
        <div className="rounded-lg bg-surface-muted p-3 text-sm">
          <p className="font-semibold">{t("preferences.permission.title")}</p>
          <p className="mt-1 text-fg-muted" aria-live="polite">
            {t(`preferences.permission.${permission}`)}
          </p>
          {permission === "default" ? (
            <button
              type="button"
              onClick={() => void requestPermission()}
              className="mt-2 inline-flex h-11 items-center justify-center rounded-md border border-line bg-surface px-4 font-semibold text-fg hover:bg-surface-muted"
            >
              {t("preferences.permission.allow")}
            </button>
          ) : null}
        </div>
      ) : null}
      <p className="text-sm text-fg-muted">{t("preferences.intro")}</p>
      <ul className="flex flex-col divide-y divide-line">
        {choices.map((choice) => {
          const browserKind = mayNotifyInBrowser(choice.kind);
          const needsInApp = `${id}-${choice.kind}-needs`;
          return (
            <li key={choice.kind} className="py-3 first:pt-0 last:pb-0">
              <fieldset>
                <legend className="font-semibold">{t(`preferences.kinds.${choice.kind}.label`)}</legend>
                <p className="text-sm text-fg-muted">{t(`preferences.kinds.${choice.kind}.hint`)}</p>
                <div className="mt-1 flex flex-col sm:flex-row sm:gap-8">
                  <Switch label={t("preferences.inApp")} checked={choice.inApp} onChange={(inApp) => change({ ...choice, inApp })} />
                  {browserKind ? (
                    <Switch
                      label={t("preferences.browser")}
                      checked={choice.inApp && choice.browser}
                      disabled={!choice.inApp}
                      describedBy={choice.inApp ? undefined : needsInApp}
                      onChange={(browser) => change({ ...choice, browser })}
                    />
                  ) : null}
                </div>
                {browserKind && !choice.inApp ? (
                  <p id={needsInApp} className="text-xs text-fg-muted">
                    {t("preferences.browserNeedsInApp")}
                  </p>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ul>
      {status ? (
        <p role={status === "error" ? "alert" : "status"} className={`text-sm ${status === "error" ? "text-accent" : "text-fg-muted"}`}>
          {t(`preferences.${status}`)}
        </p>
      ) : null}
    </div>
  );
}
