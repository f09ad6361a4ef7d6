/**
 * The one way members report something (a chat message today; posts, comments, offers and
 * characters later): a native dialog (focus trap, Escape, backdrop) that files `POST /api/reports`.
 * Its texts are the `moderation` namespace, which the page's loader loads.
 */
import { useId, useState, type FormEvent } from "react";
import { RadioChoices } from "../ui/modal-dialog.tsx";
import type { ReportKind } from "../../../universal/moderation/moderation-limits.ts";
import { apiJson } from "../api/json-api.ts";
import { limitRefusalText } from "../api/limit-text.ts";
import { useTranslation } from "../i18n/use-translation.tsx";
import { ReportFrame } from "./report-frame.tsx";
import { FormAlert } from "../ui/form-alert.tsx";

const reasons = ["spam", "harassment", "scam", "inappropriate", "other"] as const;
type Reason = (typeof reasons)[number];

export interface ReportTarget {
  kind: ReportKind;
  id: string | number;
}

type State = { step: "form"; error: string | null; sending: boolean } | { step: "sent" };

export function ReportDialog({ target, onClose }: { target: ReportTarget | null; onClose: () => void }) {
  const { t, i18n } = useTranslation("moderation");
  const id = useId();
  const [reason, setReason] = useState<Reason>("spam");
  const [details, setDetails] = useState("");
  const [state, setState] = useState<State>({ step: "form", error: null, sending: false });

  function reset() {
    setReason("spam");
    setDetails("");
    setState({ step: "form", error: null, sending: false });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!target || (state.step === "form" && state.sending)) return;
    const extra = details.trim();
    if (reason === "other" && !extra) {
      setState({ step: "form", error: t("report.errors.details"), sending: false });
      return;
    }
    setState({ step: "form", error: null, sending: true });
    // The reason as the reporter chose it, in their words: moderators read it as written.
    const text = extra ? `${t(`report.reasons.${reason}`)}: ${extra}` : t(`report.reasons.${reason}`);
    const answer = await apiJson("/api/reports", { body: { kind: target.kind, id: target.id, reason: text.slice(0, 500) } });
    if (answer.ok) {
      setState({ step: "sent" });
      return;
    }
    const error =
      limitRefusalText(t, answer, i18n.language) ??
      (answer.status === 0
        ? t("report.errors.network")
        : answer.details.reason === "own"
          ? t("report.errors.own")
          : answer.status === 404
            ? t("report.errors.gone")
            : answer.status === 429
              ? t("report.errors.rate")
              : t("report.errors.generic"));
    setState({ step: "form", error, sending: false });
  }

  const button = "min-h-10 rounded-md px-4 font-semibold";
  const sending = state.step === "form" && state.sending;
  const formError = state.step === "form" ? state.error : null;
  return (
    <ReportFrame
      open={target !== null}
      title={t(`report.titles.${target?.kind ?? "message"}`)}
      lead={t("report.lead")}
      sent={state.step === "sent"}
      sentText={t("report.sent")}
      closeLabel={t("report.close")}
      button={button}
      onOpen={reset}
      onSubmit={submit}
      onClose={onClose}
    >
      <RadioChoices
        name={`${id}-reason`}
        legend={t("report.reasonLabel")}
        choices={reasons.map((each) => [each, t(`report.reasons.${each}`)] as const)}
        value={reason}
        onChange={setReason}
      />
      <label className="flex flex-col gap-1">
        <span className="font-semibold">{reason === "other" ? t("report.detailsRequired") : t("report.detailsLabel")}</span>
        <textarea
          value={details}
          maxLength={400}
          onChange={(event) => setDetails(event.target.value)}
          className="min-h-20 rounded-md border border-line bg-bg p-2 text-fg"
        />
      </label>
      <FormAlert>{formError}</FormAlert>
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onClose} className={`${button} hover:bg-surface-muted`}>
          {t("report.cancel")}
        </button>
        <button type="submit" disabled={sending} className={`${button} bg-brand text-on-brand disabled:opacity-60`}>
          {sending ? t("report.sending") : t("report.submit")}
        </button>
      </div>
    </ReportFrame>
  );
}
