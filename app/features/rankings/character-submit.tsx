/** The form that adds a character's numbers (an island woken when used); the character's page opens after. */
import { useId, useState, type FormEvent } from "react";
import { characterHref, CHARACTER_NAME_MAX, POWER_MAX } from "../../../universal/rankings/ranking-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { refusalText } from "../../shared/api/refusal-text.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { FormAlert } from "../../shared/ui/form-alert.tsx";
import { ServerOptions } from "../../shared/ui/server-options.tsx";

const field = "h-11 w-full rounded-md border border-line bg-bg px-3 text-fg";

export function CharacterSubmit({
  i18n,
  servers,
  classes,
}: {
  i18n: RouteMessages;
  servers: { id: string; name: string }[];
  classes: { id: string; name: string }[];
}) {
  const { t } = useRouteMessages(i18n);
  const id = useId();
  const [name, setName] = useState("");
  const [server, setServer] = useState(servers[0]?.id ?? "");
  const [classId, setClassId] = useState(classes[0]?.id ?? "");
  const [level, setLevel] = useState("");
  const [power, setPower] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError("");
    const answer = await apiJson<{ id: number }>("/api/characters", {
      body: { name, server, classId, level: Number(level), power: Number(power) },
    });
    if (!answer.ok) {
      setBusy(false);
      setError(
        refusalText(
          t,
          answer,
          {
            reasons: "errors.reasons.",
            fields: {
              name: "errors.fields.name",
              level: "errors.fields.level",
              power: "errors.fields.power",
              classId: "errors.fields.classId",
            },
            invalid: "errors.invalid",
          },
          i18n.language,
        ),
      );
      return;
    }
    window.location.assign(characterHref(answer.data.id));
  }

  const label = "flex flex-col gap-1 text-sm font-semibold";
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <label className={label} htmlFor={`${id}-name`}>
        {t("submit.name")}
        <input
          id={`${id}-name`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          maxLength={CHARACTER_NAME_MAX}
          className={field}
        />
      </label>
      <div className="grid grid-cols-2 gap-3">
        <label className={label} htmlFor={`${id}-server`}>
          {t("submit.server")}
          <select id={`${id}-server`} value={server} onChange={(event) => setServer(event.target.value)} className={field}>
            <ServerOptions servers={servers} />
          </select>
        </label>
        <label className={label} htmlFor={`${id}-class`}>
          {t("submit.class")}
          <select id={`${id}-class`} value={classId} onChange={(event) => setClassId(event.target.value)} className={field}>
            <ServerOptions servers={classes} />
          </select>
        </label>
        <label className={label} htmlFor={`${id}-level`}>
          {t("submit.level")}
          <input
            id={`${id}-level`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={level}
            onChange={(event) => setLevel(event.target.value)}
            required
            className={field}
          />
        </label>
        <label className={label} htmlFor={`${id}-power`}>
          {t("submit.power")}
          <input
            id={`${id}-power`}
            type="number"
            inputMode="numeric"
            min={0}
            max={POWER_MAX}
            step={1}
            value={power}
            onChange={(event) => setPower(event.target.value)}
            required
            className={field}
          />
        </label>
      </div>
      <FormAlert>{error}</FormAlert>
      <button
        type="submit"
        disabled={busy}
        className="inline-flex min-h-11 items-center justify-center self-start rounded-md bg-brand px-4 font-semibold text-on-brand disabled:opacity-60"
      >
        {t("submit.submit")}
      </button>
    </form>
  );
}
