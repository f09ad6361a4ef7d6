/**
 * The site's settings in /admin (admins): the app's title, whether sign-ups are open, the default
 * language and the API's rate limits. Served as islands (decision 042): the form is server HTML the
 * admin wakes by using it; it sends only what changed, and the server checks every field again.
 */
import { useState, type FormEvent } from "react";
import { languages } from "../../../universal/i18n/languages.ts";
import {
  APP_TITLE_MAX,
  RATE_BUCKETS,
  RATE_MAX_MAX,
  RATE_MAX_MIN,
  RATE_WINDOW_MAX,
  RATE_WINDOW_MIN,
  type SiteSettings,
} from "../../../universal/settings/settings-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { Island } from "../../shared/islands/island.tsx";

const input = "mt-1 h-11 w-full rounded-md border border-line bg-surface px-3 text-fg";

export function SiteSettingsSection({ i18n, settings }: { i18n: RouteMessages; settings: SiteSettings }) {
  const { t } = useRouteMessages(i18n);
  return (
    <section aria-labelledby="site-settings" className="mt-8">
      <h2 id="site-settings" className="text-xl font-bold">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{t("lead")}</p>
      <Island name="site-settings" component={SiteSettingsForm} props={{ i18n, settings }} when="used" />
    </section>
  );
}

/** The changes the form holds against the settings it was given: only the fields that differ. */
export function settingsChanges(saved: SiteSettings, form: FormData): Partial<SiteSettings> {
  const changes: Partial<SiteSettings> = {};
  const appTitle = String(form.get("appTitle") ?? "").trim();
  if (appTitle !== saved.appTitle) changes.appTitle = appTitle;
  const signUpsOpen = form.get("signUpsOpen") === "on";
  if (signUpsOpen !== saved.signUpsOpen) changes.signUpsOpen = signUpsOpen;
  const defaultLanguage = String(form.get("defaultLanguage") ?? saved.defaultLanguage) as SiteSettings["defaultLanguage"];
  if (defaultLanguage !== saved.defaultLanguage) changes.defaultLanguage = defaultLanguage;
  const rateLimits: Partial<SiteSettings["rateLimits"]> = {};
  for (const bucket of RATE_BUCKETS) {
    const window = Number(form.get(`${bucket}.window`));
    const max = Number(form.get(`${bucket}.max`));
    if (window !== saved.rateLimits[bucket].window || max !== saved.rateLimits[bucket].max) rateLimits[bucket] = { window, max };
  }
  if (Object.keys(rateLimits).length > 0) changes.rateLimits = rateLimits as SiteSettings["rateLimits"];
  return changes;
}

export function SiteSettingsForm({ i18n, settings }: { i18n: RouteMessages; settings: SiteSettings }) {
  const { t } = useRouteMessages(i18n);
  const [saved, setSaved] = useState(settings);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const changes = settingsChanges(saved, new FormData(event.currentTarget));
    if (Object.keys(changes).length === 0) {
      setStatus({ ok: true, text: t("unchanged") });
      return;
    }
    setBusy(true);
    const answer = await apiJson<SiteSettings>("/api/admin/settings", { method: "PATCH", body: changes });
    setBusy(false);
    if (answer.ok) {
      setSaved(answer.data);
      setStatus({ ok: true, text: t("saved") });
      return;
    }
    const field = typeof answer.details.field === "string" ? answer.details.field : "";
    const [head = "", bucket = ""] = field.split(".");
    const name =
      head === "rateLimits" && bucket ? t(`buckets.${bucket}`, { defaultValue: bucket }) : t(`fields.${head}`, { defaultValue: "" });
    setStatus({ ok: false, text: answer.status === 400 && name ? t("invalidField", { field: name }) : t("failed") });
  }

  return (
    <form onSubmit={(event) => void save(event)} className="mt-3 flex flex-col gap-4 rounded-lg border border-line bg-surface p-4 text-sm">
      <label className="font-semibold">
        {t("fields.appTitle")}
        <input name="appTitle" defaultValue={saved.appTitle} required maxLength={APP_TITLE_MAX} className={input} />
      </label>
      <label className="flex min-h-11 items-center gap-3 font-semibold">
        <input type="checkbox" name="signUpsOpen" defaultChecked={saved.signUpsOpen} className="size-5" />
        {t("fields.signUpsOpen")}
      </label>
      <label className="font-semibold">
        {t("fields.defaultLanguage")}
        <select name="defaultLanguage" defaultValue={saved.defaultLanguage} className={input}>
          {languages.map((language) => (
            <option key={language} value={language}>
              {t(`languages.${language}`)}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend className="font-semibold">{t("fields.rateLimits")}</legend>
        <p className="text-fg-muted">{t("rateLimitsHint")}</p>
        <div className="mt-2 grid gap-3 lg:grid-cols-2">
          {RATE_BUCKETS.map((bucket) => (
            <fieldset key={bucket} className="grid grid-cols-2 gap-3 rounded-md border border-line p-3">
              <legend className="px-1 font-semibold">{t(`buckets.${bucket}`)}</legend>
              <label>
                {t("max")}
                <input
                  type="number"
                  name={`${bucket}.max`}
                  defaultValue={saved.rateLimits[bucket].max}
                  min={RATE_MAX_MIN}
                  max={RATE_MAX_MAX}
                  required
                  className={input}
                />
              </label>
              <label>
                {t("window")}
                <input
                  type="number"
                  name={`${bucket}.window`}
                  defaultValue={saved.rateLimits[bucket].window}
                  min={RATE_WINDOW_MIN}
                  max={RATE_WINDOW_MAX}
                  required
                  className={input}
                />
              </label>
            </fieldset>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={busy} className="min-h-11 rounded-md bg-brand px-4 font-semibold text-on-brand disabled:opacity-60">
          {t("save")}
        </button>
      </div>
      {status ? (
        <p role="status" className={`rounded-md px-3 py-2 ${status.ok ? "bg-surface-muted" : "border border-accent bg-accent-soft"}`}>
          {status.text}
        </p>
      ) : null}
    </form>
  );
}
