/** A clan's events on its page: a member's answer (and an officer's call-off), and planning one; islands woken when used. */
import { useId, useState, type FormEvent } from "react";
import { EVENT_TITLE_MAX, eventAnswers, type EventAnswer as EventAnswerChoice } from "../../../universal/clans/clan-limits.ts";
import { type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { newClientId } from "../../shared/new-client-id.ts";
import { FormAlert } from "../../shared/ui/form-alert.tsx";
import { field, primary, secondary, useClanCall, ConfirmButton, SubmitButton, Field } from "./clan-form-parts.tsx";

/** A member's answer to an event (the three choices as toggles), and for officers the button that calls it off. */
export function EventAnswer({
  i18n,
  event,
  mayCancel,
}: {
  i18n: RouteMessages;
  event: { id: number; title: string; mine: EventAnswerChoice | null };
  mayCancel: boolean;
}) {
  const { t, busy, error, run } = useClanCall(i18n);
  return (
    <div className="flex flex-col gap-2">
      <div role="group" aria-label={t("events.yourAnswer", { title: event.title })} className="flex flex-wrap gap-2">
        {eventAnswers.map((answer) => (
          <button
            key={answer}
            type="button"
            aria-pressed={event.mine === answer}
            disabled={busy}
            className={event.mine === answer ? primary : secondary}
            onClick={() => void run(`/api/clan-events/${event.id}/rsvp`, { body: { answer } })}
          >
            {t(`events.answers.${answer}`)}
          </button>
        ))}
        {mayCancel ? (
          <ConfirmButton
            label={t("events.cancel")}
            question={t("events.cancelConfirm", { title: event.title })}
            busy={busy}
            t={t}
            tone="danger"
            onConfirm={() => void run(`/api/clan-events/${event.id}`, { method: "DELETE" })}
          />
        ) : null}
      </div>
      <FormAlert>{error}</FormAlert>
    </div>
  );
}

/** An officer plans an event: its title, a date and time in game time (UTC+7), once or every week. */
export function EventSchedule({ i18n, clanId }: { i18n: RouteMessages; clanId: string }) {
  const { t, busy, error, run } = useClanCall(i18n);
  const id = useId();
  const [title, setTitle] = useState("");
  const [date, setDate] = useState("");
  const [time, setTime] = useState("20:00");
  const [weekly, setWeekly] = useState(false);
  const [clientId] = useState(newClientId);
  function submit(event: FormEvent) {
    event.preventDefault();
    const startsAt = `${date}T${time}:00+07:00`;
    void run(`/api/clans/${clanId}/events`, { body: { title, startsAt, clientId, ...(weekly ? { repeat: "weekly" } : {}) } });
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-labelledby={`${id}-legend`}>
      <h3 id={`${id}-legend`} className="font-semibold">
        {t("events.schedule")}
      </h3>
      <Field id={`${id}-title`} label={t("events.titleField")}>
        <input
          id={`${id}-title`}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          required
          maxLength={EVENT_TITLE_MAX}
          className={field}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id={`${id}-date`} label={t("events.date")}>
          <input id={`${id}-date`} type="date" value={date} onChange={(event) => setDate(event.target.value)} required className={field} />
        </Field>
        <Field id={`${id}-time`} label={t("events.time")}>
          <input
            id={`${id}-time`}
            type="time"
            value={time}
            onChange={(event) => setTime(event.target.value)}
            required
            aria-describedby={`${id}-time-hint`}
            className={field}
          />
        </Field>
      </div>
      <p id={`${id}-time-hint`} className="text-xs text-fg-muted">
        {t("events.timeHint")}
      </p>
      <label className="flex min-h-11 items-center gap-3 font-semibold">
        <input type="checkbox" checked={weekly} onChange={(event) => setWeekly(event.target.checked)} className="size-5" />
        {t("events.repeatWeekly")}
      </label>
      <FormAlert>{error}</FormAlert>
      <SubmitButton busy={busy} label={t("events.submit")} t={t} />
    </form>
  );
}
