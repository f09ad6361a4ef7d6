/**
 * Reporting a scam: the character, its server, what happened and up to four screenshots, sent as
 * one multipart `POST /api/reports` (`kind: 'character'`). It enters the moderation queue and shows
 * on `/bplayer` only once a moderator verifies it. Loaded when a member opens it.
 */
import { useState, type FormEvent } from "react";
import { CHARACTER_NAME_MAX } from "../../../universal/offers/offer-limits.ts";
import type { BplayerServer } from "./bplayer-page.tsx";
import { ScreenshotForm, useScreenshotForm } from "./screenshot-form.tsx";
import { ServerOptions } from "../../shared/ui/server-options.tsx";

const field = "min-h-11 rounded-md border border-line bg-bg px-2 text-fg";

export function ScamReport({
  name: initialName,
  server: initialServer,
  servers,
  onClose,
  onSent,
}: {
  name: string;
  server: string;
  servers: BplayerServer[];
  onClose: () => void;
  onSent: () => void;
}) {
  const form = useScreenshotForm(onSent);
  const { t } = form;
  const [name, setName] = useState(initialName);
  const [server, setServer] = useState(initialServer);
  const [reason, setReason] = useState("");

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (form.state !== "form") return;
    if (!reason.trim()) return form.setError(t("report.reasonNeeded"));
    await form.send({ kind: "character", name, server, reason: reason.trim() });
  }

  return (
    <ScreenshotForm
      form={form}
      title={t("report.title")}
      lead={t("report.lead")}
      sentText={t("report.sent")}
      reasonLabel={t("report.reason")}
      reason={reason}
      submitLabel={t("report.submit")}
      onReason={setReason}
      onSubmit={submit}
      onClose={onClose}
    >
      <label className="flex flex-col gap-1">
        <span className="font-semibold">{t("search.name")}</span>
        <input value={name} maxLength={CHARACTER_NAME_MAX} required onChange={(event) => setName(event.target.value)} className={field} />
      </label>
      <label className="flex flex-col gap-1">
        <span className="font-semibold">{t("search.server")}</span>
        <select value={server} onChange={(event) => setServer(event.target.value)} className={field}>
          <ServerOptions servers={servers} />
        </select>
      </label>
    </ScreenshotForm>
  );
}
