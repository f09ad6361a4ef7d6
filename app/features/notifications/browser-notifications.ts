/**
 * Browser notifications while the site is open, for the kinds that may use one (direct messages,
 * mentions): shown when the browser allows them and the member's choice for the kind is on, but
 * not when this tab is in view and already shows the thing. Loaded when such a notification
 * arrives, never with the page.
 */
import { sameOriginPath } from "../../../universal/navigation/safe-navigation.ts";
import { mayNotifyInBrowser, type AppNotification } from "../../../universal/notifications/notification-kinds.ts";
import type { NotificationPreference } from "../../../universal/notifications/notification-schemas.ts";
import type { Language } from "../../../universal/i18n/languages.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { loadMessages } from "../../shared/i18n/messages.ts";
import { Translator } from "../../shared/i18n/translator.ts";

/** The notifications' messages in every language: the browser's shared table names the fallback language's only. */
const notificationMessages = import.meta.glob("../../../locales/*/notifications.json");

export interface BrowserAlerts {
  language: Language;
  /** The router's navigation, for a click on the notification. */
  navigate: (path: string) => void;
}

/** Whether a page at `current` shows what `link` points to: the same path, and each of the link's query parameters. */
export function showsLink(link: string, current: { pathname: string; search: string }): boolean {
  const target = new URL(link, "http://page.invalid");
  if (target.pathname !== current.pathname) return false;
  const here = new URLSearchParams(current.search);
  return [...target.searchParams].every(([name, value]) => here.getAll(name).includes(value));
}

function inView(href: string | null): boolean {
  return document.visibilityState === "visible" && href !== null && showsLink(href, location);
}

export async function alertInBrowser(notification: AppNotification, alerts: BrowserAlerts): Promise<void> {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  if (notification.read || !mayNotifyInBrowser(notification.kind)) return;
  const href = sameOriginPath(notification.link);
  if (inView(href)) return;
  // Asked each time: the member may have changed it in another tab or on another device.
  const preferences = await apiJson<NotificationPreference[]>("/api/notifications/preferences");
  if (!preferences.ok || !preferences.data.some((each) => each.kind === notification.kind && each.inApp && each.browser)) return;
  const { language, messages } = await loadMessages(alerts.language, "notifications", notificationMessages);
  const t = new Translator(language, { notifications: messages }).bind("notifications");
  if (inView(href)) return;
  const title = t(`browser.${notification.kind}`, { name: notification.actor?.displayName || t("someone") });
  const options: NotificationOptions = {
    body: String(notification.data.excerpt ?? ""),
    // One notification per event, however many tabs are open.
    tag: `notification-${notification.id}`,
    icon: "/icon-192.png",
    lang: language,
    data: { href },
  };
  // Through the service worker where there is one (the only way Chrome on Android shows them; its
  // click comes back as a message, see followNotificationClicks), else directly.
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  if (registration) {
    await registration.showNotification(title, options).catch(() => undefined);
    return;
  }
  let shown: Notification;
  try {
    shown = new Notification(title, options);
  } catch {
    return;
  }
  shown.addEventListener("click", () => {
    window.focus();
    shown.close();
    if (href) alerts.navigate(href);
  });
}
