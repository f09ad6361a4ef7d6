/**
 * Disputing another member's verified claim of a character: why it is not theirs and at least one
 * screenshot, sent as one multipart `POST /api/reports` (`kind: 'claim-dispute'`). A moderator
 * decides; upheld, the claim is removed. Loaded when a member opens it.
 */
import { useState, type FormEvent } from "react";
import { ScreenshotForm, useScreenshotForm } from "./screenshot-form.tsx";

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
  const form = useScreenshotForm(onSent);
  const { t } = form;
  const [reason, setReason] = useState("");

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (form.state !== "form") return;
    if (!reason.trim()) return form.setError(t("dispute.reasonNeeded"));
    if (form.files.length === 0) return form.setError(t("errors.reasons.image-required"));
    await form.send({ kind: "claim-dispute", claimId: String(claimId), reason: reason.trim() });
  }

  return (
    <ScreenshotForm
      form={form}
      title={t("dispute.title", { name })}
      lead={t("dispute.lead")}
      sentText={t("dispute.sent")}
      reasonLabel={t("dispute.reason")}
      reason={reason}
      submitLabel={t("dispute.submit")}
      onReason={setReason}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
