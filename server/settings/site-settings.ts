/**
 * The site's settings (issue 44): app title, sign-ups open or closed, default language and the API's
 * rate limits. Stored in the database (`settings`, key `site`: only the fields an admin set, so a
 * later change of an environment default still shows where nobody overrode it) over the
 * environment's defaults, and held in memory by every process: a change is announced on the hub
 * (`control:settings`, over the bus), and each process reads the row again. Each change is audited.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { settings as settingsTable } from "../../db/schema/index.ts";
import { defaultLanguage, languages, setSiteDefaultLanguage } from "../../universal/i18n/languages.ts";
import {
  APP_TITLE_MAX,
  RATE_BUCKETS,
  RATE_MAX_MAX,
  RATE_MAX_MIN,
  RATE_WINDOW_MAX,
  RATE_WINDOW_MIN,
  type SiteSettings,
} from "../../universal/settings/settings-limits.ts";
import { RATE_RULES } from "../auth/rate-limit.ts";
import type { Viewer } from "../auth/viewer.ts";
import { recordAudit } from "../moderation/audit-log.ts";
import type { RealtimeHub } from "../realtime/hub.ts";

export const SETTINGS_KEY = "site";

/** The environment's settings: what holds where no admin chose otherwise. */
export function settingsDefaults(config: { APP_TITLE: string }): SiteSettings {
  return { appTitle: config.APP_TITLE, signUpsOpen: true, defaultLanguage, rateLimits: { ...RATE_RULES } };
}
export const SETTINGS_TOPIC = "control:settings";

export interface SettingsChanged {
  type: "settings-changed";
  topic: typeof SETTINGS_TOPIC;
}

const rateRule = z
  .object({
    window: z.number().int().min(RATE_WINDOW_MIN).max(RATE_WINDOW_MAX),
    max: z.number().int().min(RATE_MAX_MIN).max(RATE_MAX_MAX),
  })
  .strict();

/** What `PATCH /api/admin/settings` takes: any of the fields; a rate limit by bucket. */
export const settingsPatch = z
  .object({
    appTitle: z
      .string()
      .trim()
      .min(1)
      .max(APP_TITLE_MAX)
      .regex(/^\P{Cc}*$/u, "no control characters")
      .optional(),
    signUpsOpen: z.boolean().optional(),
    defaultLanguage: z.enum(languages).optional(),
    rateLimits: z
      .object(Object.fromEntries(RATE_BUCKETS.map((bucket) => [bucket, rateRule.optional()])))
      .strict()
      .optional(),
  })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, "give at least one setting");
export type SettingsPatch = z.infer<typeof settingsPatch>;

/** The stored overrides, read leniently: a field that no longer validates falls back to its default. */
function applyStored(defaults: SiteSettings, stored: unknown): SiteSettings {
  const value = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
  const field = <T>(schema: z.ZodType<T>, raw: unknown, fallback: T): T => {
    const parsed = schema.safeParse(raw);
    return parsed.success ? parsed.data : fallback;
  };
  const rates = (value.rateLimits && typeof value.rateLimits === "object" ? value.rateLimits : {}) as Record<string, unknown>;
  return {
    appTitle: field(z.string().min(1).max(APP_TITLE_MAX), value.appTitle, defaults.appTitle),
    signUpsOpen: field(z.boolean(), value.signUpsOpen, defaults.signUpsOpen),
    defaultLanguage: field(z.enum(languages), value.defaultLanguage, defaults.defaultLanguage),
    rateLimits: Object.fromEntries(
      RATE_BUCKETS.map((bucket) => [bucket, field(rateRule, rates[bucket], defaults.rateLimits[bucket])]),
    ) as SiteSettings["rateLimits"],
  };
}

async function readStored(db: Database): Promise<{ value: unknown; updatedAt: number }> {
  const [row] = await db.select().from(settingsTable).where(eq(settingsTable.key, SETTINGS_KEY));
  return { value: row?.value ?? {}, updatedAt: row?.updatedAt.getTime() ?? 0 };
}

/** The settings as they stand in the database now (the sign-up hook asks this, not a process's copy). */
export async function readSettings(db: Database, defaults: SiteSettings): Promise<SiteSettings> {
  return applyStored(defaults, (await readStored(db)).value);
}

export interface SettingsStore {
  /** This process's copy: read at start and again whenever a change is announced. */
  current(): SiteSettings;
  /** Moves with each change (the stored row's time): part of the render cache's key. */
  version(): number;
  /** Resolves once the first read is done. */
  ready: Promise<void>;
  reload(): Promise<void>;
  close(): void;
}

export function createSettingsStore(db: Database, hub: Pick<RealtimeHub, "listen" | "onGap">, defaults: SiteSettings): SettingsStore {
  let settings = defaults;
  let version = 0;
  const reload = async () => {
    const stored = await readStored(db);
    settings = applyStored(defaults, stored.value);
    version = stored.updatedAt;
    setSiteDefaultLanguage(settings.defaultLanguage);
  };
  const stopListening = hub.listen(SETTINGS_TOPIC, (event) => {
    if (event.type === "settings-changed") void reload().catch(() => {});
  });
  // A change another process announced while the bus was away: read again.
  const stopGaps = hub.onGap(() => void reload().catch(() => {}));
  // A first read that fails leaves the defaults in place until the next announcement.
  const ready = reload().catch(() => {});
  return {
    current: () => settings,
    version: () => version,
    ready,
    reload,
    close: () => {
      stopListening();
      stopGaps();
    },
  };
}

/**
 * An admin's change: validated, merged into the stored overrides in one transaction with its audit
 * entry (the fields changed, before and after), then announced to every process. Returns the
 * settings as they now stand.
 */
export async function updateSettings(
  db: Database,
  hub: Pick<RealtimeHub, "publish">,
  defaults: SiteSettings,
  admin: Viewer,
  patch: SettingsPatch,
  now = Date.now(),
): Promise<SiteSettings> {
  const result = await db.transaction(async (tx) => {
    await tx.insert(settingsTable).values({ key: SETTINGS_KEY, value: {} }).onConflictDoNothing();
    const [row] = await tx.select().from(settingsTable).where(eq(settingsTable.key, SETTINGS_KEY)).for("update");
    const stored = (row?.value && typeof row.value === "object" ? row.value : {}) as Record<string, unknown>;
    const was = applyStored(defaults, stored);
    const next = {
      ...stored,
      ...patch,
      ...(patch.rateLimits ? { rateLimits: { ...(stored.rateLimits as object | undefined), ...patch.rateLimits } } : {}),
    };
    const now_ = applyStored(defaults, next);
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const key of Object.keys(patch) as (keyof SiteSettings)[]) {
      before[key] = was[key];
      after[key] = now_[key];
    }
    await tx
      .update(settingsTable)
      .set({ value: next, updatedAt: new Date(now) })
      .where(eq(settingsTable.key, SETTINGS_KEY));
    await recordAudit(
      tx,
      { actorUid: admin.uid, action: "settings.update", targetKind: "settings", targetId: SETTINGS_KEY, before, after },
      now,
    );
    return now_;
  });
  hub.publish({ type: "settings-changed", topic: SETTINGS_TOPIC });
  return result;
}
