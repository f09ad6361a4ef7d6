/**
 * This browser's permission to show notifications, on `/me`, without React (decision 042): it must
 * read right as the page loads (a member comes to allow them), while the notification choices beside
 * it are an island that waits for use. The server renders the panel as "checking"; this says what the
 * browser answers, shows the button that asks while it has not been asked, and follows changes (here,
 * or in the browser's own settings).
 */
import type { RouteMessages } from "../../shared/i18n/route-messages.ts";
import { setHidden, setText } from "../../shared/page/dom-writes.ts";

export interface PermissionPanelProps {
  /** The notifications namespace's `preferences.permission` part. */
  i18n: RouteMessages;
}

/** The panel's parts the server marks. */
export const PERMISSION_TEXT = "data-permission-text";
export const PERMISSION_ALLOW = "data-permission-allow";

type BrowserPermission = "unsupported" | NotificationPermission;

const readPermission = (): BrowserPermission => (typeof Notification === "undefined" ? "unsupported" : Notification.permission);

export function startPermissionPanel(element: HTMLElement, { i18n }: PermissionPanelProps): void {
  const text = element.querySelector<HTMLElement>(`[${PERMISSION_TEXT}]`);
  const allow = element.querySelector<HTMLButtonElement>(`[${PERMISSION_ALLOW}]`);
  if (!text || !allow) return;
  const message = (key: string) => {
    const permission = i18n.messages.preferences as { permission?: Record<string, unknown> } | undefined;
    const value = permission?.permission?.[key];
    return typeof value === "string" ? value : "";
  };
  const show = () => {
    const permission = readPermission();
    setText(text, message(permission));
    setHidden(allow, permission !== "default");
  };
  allow.addEventListener("click", () => {
    void Notification.requestPermission().then(show, show);
  });
  navigator.permissions?.query({ name: "notifications" }).then(
    (status) => status.addEventListener("change", show),
    () => {},
  );
  show();
}
