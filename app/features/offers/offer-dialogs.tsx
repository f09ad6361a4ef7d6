/** The offer's dialogs, loaded when first opened: release a reservation (with a reason), cancel, leave feedback. */
import { useId, useState, type FormEvent } from "react";
import { FEEDBACK_COMMENT_MAX, OFFER_REASON_MAX } from "../../../universal/offers/offer-limits.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { ModalDialog, RadioChoices } from "../../shared/ui/modal-dialog.tsx";
import { FormAlert } from "../../shared/ui/form-alert.tsx";

export type OfferDialog = "unreserve" | "cancel" | "feedback";

const button = "inline-flex min-h-11 items-center justify-center rounded-md px-4 font-semibold";

export function OfferDialogs({
  dialog,
  otherName,
  busy,
  onClose,
  onUnreserve,
  onCancel,
  onFeedback,
}: {
  dialog: OfferDialog;
  otherName: string;
  busy: boolean;
  onClose: () => void;
  onUnreserve: (reason: string) => Promise<unknown>;
  onCancel: (reason: string | null) => Promise<unknown>;
  /** Resolves to an error to show, or null once the feedback is left. */
  onFeedback: (score: 1 | -1, comment: string) => Promise<string | null>;
}) {
  const { t } = useTranslation("offers");
  const id = useId();
  const [text, setText] = useState("");
  const [score, setScore] = useState<1 | -1>(1);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    if (dialog === "unreserve" && !value) return setError(t("unreserve.reasonNeeded"));
    setError(null);
    setSending(true);
    if (dialog === "feedback") {
      const refused = await onFeedback(score, value);
      setSending(false);
      if (refused) return setError(refused);
      return onClose();
    }
    if (dialog === "unreserve") await onUnreserve(value);
    else await onCancel(value || null);
    setSending(false);
    // Done or refused, the page says which (and reads the offer again after a refusal).
    onClose();
  }

  const max = dialog === "feedback" ? FEEDBACK_COMMENT_MAX : OFFER_REASON_MAX;
  return (
    <ModalDialog open labelledBy={`${id}-title`} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4 p-5">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {dialog === "feedback" ? t("feedback.title", { name: otherName }) : t(`${dialog}.title`)}
        </h2>
        <p className="text-sm text-fg-muted">{dialog === "feedback" ? t("feedback.lead") : t(`${dialog}.lead`, { name: otherName })}</p>
        {dialog === "feedback" ? (
          <RadioChoices
            name={`${id}-score`}
            legend={t("feedback.scoreLabel")}
            choices={[
              [1, t("feedback.positive")],
              [-1, t("feedback.negative")],
            ]}
            value={score}
            onChange={setScore}
          />
        ) : null}
        <label className="flex flex-col gap-1">
          <span className="font-semibold">
            {dialog === "feedback" ? t("feedback.comment") : dialog === "unreserve" ? t("unreserve.reason") : t("cancel.reason")}
          </span>
          <textarea
            value={text}
            maxLength={max}
            required={dialog === "unreserve"}
            onChange={(event) => setText(event.target.value)}
            className="min-h-24 rounded-md border border-line bg-bg p-2 text-fg"
          />
        </label>
        <FormAlert>{error}</FormAlert>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={onClose} className={`${button} hover:bg-surface-muted`}>
            {t("dialog.back")}
          </button>
          <button type="submit" disabled={sending || busy} className={`${button} bg-brand text-on-brand disabled:opacity-60`}>
            {dialog === "feedback" ? t("feedback.submit") : t(`${dialog}.submit`)}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
