/**
 * The notification preferences API's shapes: the server validates with these schemas, the browser
 * reads the answers as the inferred types (type imports only, so the page never loads Zod).
 */
import { z } from "zod";
import { activeNotificationKinds, mayNotifyInBrowser } from "./notification-kinds.ts";

/** One kind's choices: `inApp` off means no notification of that kind at all; `browser` only counts while `inApp` is on. */
export const notificationPreferenceSchema = z
  .strictObject({
    kind: z.enum(activeNotificationKinds),
    inApp: z.boolean(),
    browser: z.boolean(),
  })
  .refine((preference) => !preference.browser || mayNotifyInBrowser(preference.kind), {
    message: "this kind has no browser notifications",
    path: ["browser"],
  });
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** `PUT /api/notifications/preferences`: one kind, or several, each named once. */
export const preferencesBody = z.preprocess(
  (body) => (Array.isArray(body) ? body : [body]),
  z
    .array(notificationPreferenceSchema)
    .min(1)
    .max(activeNotificationKinds.length)
    .refine((list) => new Set(list.map((preference) => preference.kind)).size === list.length, "each kind at most once"),
);
