/**
 * What the two screenshot forms of a record share (a scam report, a dispute of a claim): sending
 * the form with its screenshots, the frame, the reason field, the screenshots field with its checks,
 * the refusal, and the cancel and send buttons.
 */
import { useState, type FormEvent, type ReactNode } from "react";
import { REPORT_IMAGE_MAX_BYTES, REPORT_IMAGES_MAX } from "../../../universal/offers/offer-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { limitRefusalText } from "../../shared/api/limit-text.ts";
import type { TFunction } from "../../shared/i18n/translator.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { ReportFrame } from "../../shared/moderation/report-frame.tsx";
import { reputationError } from "./reputation-errors.ts";
import { FormAlert } from "../../shared/ui/form-alert.tsx";

const IMAGE_TYPES = "image/png,image/jpeg,image/webp";
const REASON_MAX = 500;
const button = "inline-flex min-h-11 items-center rounded-md px-4 font-semibold";

/** The files picked, or why they are refused (too many, or one too large). */
function pickScreenshots(list: FileList | null, t: TFunction): { files: File[] } | { error: string } {
  const picked = [...(list ?? [])];
  if (picked.length > REPORT_IMAGES_MAX) return { error: t("errors.reasons.image-count", { count: REPORT_IMAGES_MAX }) };
  if (picked.some((file) => file.size > REPORT_IMAGE_MAX_BYTES)) return { error: t("errors.reasons.image-size") };
  return { files: picked };
}

/**
 * A screenshot form's state: the files picked, the refusal shown, and `send`, which files the
 * fields with the screenshots as one multipart `POST /api/reports` and calls `onSent` once it is in.
 */
export function useScreenshotForm(onSent: () => void) {
  const { t, i18n } = useTranslation("reputation");
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<"form" | "sending" | "sent">("form");

  function pick(list: FileList | null) {
    const picked = pickScreenshots(list, t);
    if ("error" in picked) return setError(picked.error);
    setError(null);
    setFiles(picked.files);
  }

  async function send(fields: Record<string, string>) {
    setState("sending");
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    for (const file of files) form.append("images", file);
    const answer = await apiJson("/api/reports", { body: form });
    if (!answer.ok) {
      setState("form");
      // The day's reports used up, or two uploads already on their way: said with the limit.
      return setError(
        limitRefusalText(t, answer, i18n.language) ?? reputationError(t, answer.status, answer.code, String(answer.details.reason ?? "")),
      );
    }
    setState("sent");
    onSent();
  }

  return { t, files, error, setError, state, pick, send };
}

/** The dialog of a screenshot form: its title, lead, fields, the reason, screenshots and buttons. */
export function ScreenshotForm({
  form,
  title,
  lead,
  sentText,
  reasonLabel,
  reason,
  submitLabel,
  onReason,
  onSubmit,
  onClose,
  children,
}: {
  form: ReturnType<typeof useScreenshotForm>;
  title: string;
  lead: string;
  sentText: string;
  reasonLabel: string;
  reason: string;
  submitLabel: string;
  onReason: (reason: string) => void;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  /** Fields before the reason. */
  children?: ReactNode;
}) {
  const { t, files, error, state, pick } = form;
  return (
    <ReportFrame
      title={title}
      lead={lead}
      sent={state === "sent"}
      sentText={sentText}
      closeLabel={t("report.close")}
      button={button}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      {children}
      <label className="flex flex-col gap-1">
        <span className="font-semibold">{reasonLabel}</span>
        <textarea
          value={reason}
          maxLength={REASON_MAX}
          required
          onChange={(event) => onReason(event.target.value)}
          className="min-h-24 rounded-md border border-line bg-bg p-2 text-fg"
        />
      </label>
      <label className="flex flex-col gap-1">
        <span className="font-semibold">{t("report.images", { count: REPORT_IMAGES_MAX })}</span>
        <input type="file" multiple accept={IMAGE_TYPES} onChange={(event) => pick(event.target.files)} className="min-h-11 text-sm" />
      </label>
      {files.length > 0 ? <p className="text-xs text-fg-muted">{t("report.picked", { count: files.length })}</p> : null}
      <FormAlert>{error}</FormAlert>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onClose} className={`${button} hover:bg-surface-muted`}>
          {t("report.cancel")}
        </button>
        <button type="submit" disabled={state === "sending"} className={`${button} bg-brand text-on-brand disabled:opacity-60`}>
          {state === "sending" ? t("report.sending") : submitLabel}
        </button>
      </div>
    </ReportFrame>
  );
}
