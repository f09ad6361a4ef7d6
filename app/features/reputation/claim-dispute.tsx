/**
 * Disputing another member's verified claim of a character (issue 40): why it is not theirs and at
 * least one screenshot, sent as one multipart `POST /api/reports` (`kind: 'claim-dispute'`). A
 * moderator decides; upheld, the claim is removed. Loaded when a member opens it.
 */
import { useId, useState, type FormEvent } from "react";
import { apiJson } from "../../shared/api/json-api.ts";
import { limitRefusalText } from "../../shared/api/limit-text.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { ModalDialog } from "../../shared/ui/modal-dialog.tsx";
import { reputationError } from "./reputation-errors.ts";
import { button, pickScreenshots, ScreenshotFormEnd } from "./screenshot-form.tsx";

const REASON_MAX = 500;

export function ClaimDispute({
  claimId,
  name,
  onClose,
  onSent,
}: {
  claimId: number;
  name: string;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t, i18n } = useTranslation("reputation");
  const id = useId();
  const [reason, setReason] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<"form" | "sending" | "sent">("form");

  function pick(list: FileList | null) {
    const picked = pickScreenshots(list, t);
    if ("error" in picked) return setError(picked.error);
    setError(null);
    setFiles(picked.files);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state !== "form") return;
    if (!reason.trim()) return setError(t("dispute.reasonNeeded"));
    if (files.length === 0) return setError(t("errors.reasons.image-required"));
    setState("sending");
    const form = new FormData();
    form.set("kind", "claim-dispute");
    form.set("claimId", String(claimId));
    form.set("reason", reason.trim());
    for (const file of files) form.append("images", file);
    const answer = await apiJson("/api/reports", { body: form });
    if (!answer.ok) {
      setState("form");
      return setError(
        limitRefusalText(t, answer, i18n.language) ?? reputationError(t, answer.status, answer.code, String(answer.details.reason ?? "")),
      );
    }
    setState("sent");
    onSent();
  }

  return (
    <ModalDialog open labelledBy={`${id}-title`} onClose={onClose}>
      {state === "sent" ? (
        <div className="flex flex-col gap-4 p-5">
          <h2 id={`${id}-title`} className="text-lg font-bold">
            {t("dispute.title", { name })}
          </h2>
          <p role="status">{t("dispute.sent")}</p>
          <div className="flex justify-end">
            <button type="button" onClick={onClose} className={`${button} bg-brand text-on-brand`} autoFocus>
              {t("report.close")}
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4 p-5">
          <h2 id={`${id}-title`} className="text-lg font-bold">
            {t("dispute.title", { name })}
          </h2>
          <p className="text-sm text-fg-muted">{t("dispute.lead")}</p>
          <label className="flex flex-col gap-1">
            <span className="font-semibold">{t("dispute.reason")}</span>
            <textarea
              value={reason}
              maxLength={REASON_MAX}
              required
              onChange={(event) => setReason(event.target.value)}
              className="min-h-24 rounded-md border border-line bg-bg p-2 text-fg"
            />
          </label>
          <ScreenshotFormEnd
            t={t}
            picked={files.length}
            error={error}
            sending={state === "sending"}
            submitLabel={t("dispute.submit")}
            onPick={pick}
            onClose={onClose}
          />
        </form>
      )}
    </ModalDialog>
  );
}
