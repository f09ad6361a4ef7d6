/**
 * What the two screenshot forms of a record share (a scam report, a dispute of a claim): the
 * screenshots field with its checks, the refusal, and the cancel and send buttons.
 */
import { REPORT_IMAGE_MAX_BYTES, REPORT_IMAGES_MAX } from "../../../universal/offers/offer-limits.ts";
import type { TFunction } from "../../shared/i18n/translator.ts";

const IMAGE_TYPES = "image/png,image/jpeg,image/webp";
export const button = "inline-flex min-h-11 items-center rounded-md px-4 font-semibold";

/** The files picked, or why they are refused (too many, or one too large). */
export function pickScreenshots(list: FileList | null, t: TFunction): { files: File[] } | { error: string } {
  const picked = [...(list ?? [])];
  if (picked.length > REPORT_IMAGES_MAX) return { error: t("errors.reasons.image-count", { count: REPORT_IMAGES_MAX }) };
  if (picked.some((file) => file.size > REPORT_IMAGE_MAX_BYTES)) return { error: t("errors.reasons.image-size") };
  return { files: picked };
}

export function ScreenshotFormEnd({
  t,
  picked,
  error,
  sending,
  submitLabel,
  onPick,
  onClose,
}: {
  t: TFunction;
  picked: number;
  error: string | null;
  sending: boolean;
  submitLabel: string;
  onPick: (list: FileList | null) => void;
  onClose: () => void;
}) {
  return (
    <>
      <label className="flex flex-col gap-1">
        <span className="font-semibold">{t("report.images", { count: REPORT_IMAGES_MAX })}</span>
        <input type="file" multiple accept={IMAGE_TYPES} onChange={(event) => onPick(event.target.files)} className="min-h-11 text-sm" />
      </label>
      {picked > 0 ? <p className="text-xs text-fg-muted">{t("report.picked", { count: picked })}</p> : null}
      {error ? (
        <p role="alert" className="rounded-md border border-line bg-surface-muted px-3 py-2 text-sm">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onClose} className={`${button} hover:bg-surface-muted`}>
          {t("report.cancel")}
        </button>
        <button type="submit" disabled={sending} className={`${button} bg-brand text-on-brand disabled:opacity-60`}>
          {sending ? t("report.sending") : submitLabel}
        </button>
      </div>
    </>
  );
}
