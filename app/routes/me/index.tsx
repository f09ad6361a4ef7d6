import { MePage } from "~/features/me/me-page.tsx";
import { NotificationPermissionPanel, NotificationPreferences } from "~/features/notifications/notification-preferences.tsx";
import { loadRouteMessages, pickMessages } from "~/shared/i18n/route-messages.ts";
import { Island } from "~/shared/islands/island.tsx";
import { islandsHandle } from "~/shared/islands/islands-mode.tsx";
import { guarded, middlewareFor, requireViewer } from "~/shared/routing/guards.ts";
import { requestContext } from "~/shared/request-context.ts";
import { hasPassword } from "../../../server/auth/confirm-identity.ts";
import { readContributionPoints } from "../../../server/contribution/contribution.ts";
import { listPreferences } from "../../../server/notifications/notification-preferences.ts";
import { listDevices } from "../../../server/profile/devices.ts";
import { readProfile, syncProfile } from "../../../server/profile/profile-store.ts";
import { readListed } from "../../../server/users/directory.ts";
import type { Route } from "./+types/index";

export { pageMeta as meta } from "~/shared/page/page-meta.ts";

export const middleware = middlewareFor("me");

export const loader = guarded(async ({ request, context }: Route.LoaderArgs) => {
  const { db, logger, passwordMinLength } = context.get(requestContext);
  const viewer = requireViewer(context);
  // The profile step normally ran at sign-in; a first visit straight to /me runs it here.
  const profile =
    (await readProfile(db, viewer.uid, logger)) ??
    (await syncProfile(db, { id: viewer.uid, email: viewer.email, name: viewer.name, image: viewer.image }));
  const [i18n, authI18n, notificationsI18n, withPassword, notificationPreferences, listed, points, devices] = await Promise.all([
    loadRouteMessages(request, "me"),
    loadRouteMessages(request, "auth"),
    loadRouteMessages(request, "notifications"),
    hasPassword(db, viewer.uid),
    listPreferences(db, viewer.uid),
    readListed(db, viewer.uid),
    readContributionPoints(db, viewer.uid),
    listDevices(db, viewer.uid, request.headers.get("cookie")),
  ]);
  return {
    profile,
    i18n,
    authI18n,
    language: i18n.language,
    passwordMinLength,
    hasPassword: withPassword,
    listed,
    points,
    notificationsI18n,
    notificationPreferences,
    devices: devices.devices,
    currentDevice: devices.current,
  };
});

/** Served as islands: only the forms hydrate, each when the member uses it (decision 042). */
export const handle = islandsHandle;

export default function Me({ loaderData }: Route.ComponentProps) {
  const { notificationsI18n, notificationPreferences, ...page } = loaderData;
  return (
    <MePage
      {...page}
      notifications={
        <>
          <Island
            name="notification-permission"
            component={NotificationPermissionPanel}
            props={{ i18n: pickMessages(notificationsI18n, ["preferences"]) }}
          />
          <Island
            name="me-notifications"
            component={NotificationPreferences}
            props={{ i18n: pickMessages(notificationsI18n, ["preferences"]), preferences: notificationPreferences, withPermission: false }}
            when="used"
          />
        </>
      }
    />
  );
}
