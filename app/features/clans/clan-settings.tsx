/** The leader's settings and disbanding, an island on the clan's page. */
import { useId, useState, type FormEvent } from "react";
import { type ClanLanguage } from "../../../universal/clans/clan-limits.ts";
import { type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { FormAlert } from "../../shared/ui/form-alert.tsx";
import { field, useClanCall, EmblemPicker, LanguageField, ClanNameField, SubmitButton, Field } from "./clan-form-parts.tsx";

export interface ClanSettingsProps {
  i18n: RouteMessages;
  clan: { id: string; name: string; emblem: string; language: ClanLanguage; recruiting: boolean };
}

/** The leader's settings (name, language, emblem, recruiting) and disbanding, confirmed by the clan's name. */
export function ClanSettings({ i18n, clan }: ClanSettingsProps) {
  const { t, busy, error, run } = useClanCall(i18n);
  const disbanding = useClanCall(i18n);
  const id = useId();
  const [name, setName] = useState(clan.name);
  const [language, setLanguage] = useState<ClanLanguage>(clan.language);
  const [recruiting, setRecruiting] = useState(clan.recruiting);
  const [emblem, setEmblem] = useState(clan.emblem);
  const [confirm, setConfirm] = useState("");

  function save(event: FormEvent) {
    event.preventDefault();
    void run(`/api/clans/${clan.id}`, { method: "PATCH", body: { name, language, recruiting, emblem } });
  }
  function disband(event: FormEvent) {
    event.preventDefault();
    void disbanding.run(`/api/clans/${clan.id}`, { method: "DELETE", body: { confirm } }, () => "/clan");
  }

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={save} className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <ClanNameField t={t} id={`${id}-name`} value={name} onChange={setName} />
          <LanguageField t={t} id={`${id}-language`} value={language} onChange={setLanguage} />
        </div>
        <label className="flex min-h-11 items-center gap-3 font-semibold">
          <input type="checkbox" checked={recruiting} onChange={(event) => setRecruiting(event.target.checked)} className="size-5" />
          {t("settings.recruiting")}
        </label>
        <EmblemPicker t={t} value={emblem} onChange={setEmblem} />
        <FormAlert>{error}</FormAlert>
        <SubmitButton busy={busy} label={t("settings.save")} t={t} />
      </form>
      <form onSubmit={disband} className="flex flex-col gap-3 rounded-lg border border-red-700 p-4 dark:border-red-300">
        <h3 className="font-bold">{t("settings.disband")}</h3>
        <p className="text-sm">{t("settings.disbandLead")}</p>
        <Field id={`${id}-confirm`} label={t("settings.disbandName")}>
          <input
            id={`${id}-confirm`}
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
            required
            autoComplete="off"
            className={field}
          />
        </Field>
        <FormAlert>{disbanding.error}</FormAlert>
        <SubmitButton busy={disbanding.busy} label={t("settings.disbandSubmit")} t={t} tone="danger" />
      </form>
    </div>
  );
}
