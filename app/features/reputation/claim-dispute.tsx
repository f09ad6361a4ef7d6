/**
 * Disputing another member's verified claim of a character (issue 40): why it is not theirs and at
 * least one screenshot, sent as one multipart `POST /api/reports` (`kind: 'claim-dispute'`). A
 * moderator decides; upheld, the claim is removed. Loaded when a member opens it.
 */
import { useId, useState, type FormEvent } from "react";
import { REPORT_IMAGE_MAX_BYTES, REPORT_IMAGES_MAX } from "../../../universal/offers/offer-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { limitRefusalText } from "../../shared/api/limit-text.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { ModalDialog } from "../../shared/ui/modal-dialog.tsx";
import { reputationError } from "./reputation-errors.ts";

const IMAGE_TYPES = "image/png,image/jpeg,image/webp";
const REASON_MAX = 500;
const button = "inline-flex min-h-11 items-center rounded-md px-4 font-semibold";

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
    const picked = [...(list ?? [])];
    if (picked.length > REPORT_IMAGES_MAX) return setError(t("errors.reasons.image-count", { count: REPORT_IMAGES_MAX }));
    if (picked.some((file) => file.size > REPORT_IMAGE_MAX_BYTES)) return setError(t("errors.reasons.image-size"));
    setError(null);
    setFiles(picked);
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
          <label className="flex flex-col gap-1">
            <span className="font-semibold">{t("report.images", { count: REPORT_IMAGES_MAX })}</span>
            <input type="file" multiple accept={IMAGE_TYPES} onChange={(event) => pick(event.target.files)} className="min-h-11 text-sm" />
          </label>
          {files.length > 0 ? <p className="text-xs text-fg-muted">{t("report.picked", { count: files.length })}</p> : null}
          {error ? (
            <p role="alert" className="rounded-md border border-line bg-surface-muted px-3 py-2 text-sm">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" onClick={onClose} className={`${button} hover:bg-surface-muted`}>
              {t("report.cancel")}
            </button>
            <button type="submit" disabled={state === "sending"} className={`${button} bg-brand text-on-brand disabled:opacity-60`}>
              {state === "sending" ? t("report.sending") : t("dispute.submit")}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
