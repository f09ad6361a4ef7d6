/**
 * Reporting a scam: the character, its server, what happened and up to four screenshots, sent as
 * one multipart `POST /api/reports` (`kind: 'character'`). It enters the moderation queue and shows
 * on `/bplayer` only once a moderator verifies it. Loaded when a member opens it.
 */
import { useId, useState, type FormEvent } from "react";
import { CHARACTER_NAME_MAX } from "../../../universal/offers/offer-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { limitRefusalText } from "../../shared/api/limit-text.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { ModalDialog } from "../../shared/ui/modal-dialog.tsx";
import type { BplayerServer } from "./bplayer-page.tsx";
import { reputationError } from "./reputation-errors.ts";
import { button, pickScreenshots, ScreenshotFormEnd } from "./screenshot-form.tsx";

const REASON_MAX = 500;
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
  const { t, i18n } = useTranslation("reputation");
  const id = useId();
  const [name, setName] = useState(initialName);
  const [server, setServer] = useState(initialServer);
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
    if (!reason.trim()) return setError(t("report.reasonNeeded"));
    setState("sending");
    const form = new FormData();
    form.set("kind", "character");
    form.set("name", name);
    form.set("server", server);
    form.set("reason", reason.trim());
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

  return (
    <ModalDialog open labelledBy={`${id}-title`} onClose={onClose}>
      {state === "sent" ? (
        <div className="flex flex-col gap-4 p-5">
          <h2 id={`${id}-title`} className="text-lg font-bold">
            {t("report.title")}
          </h2>
          <p role="status">{t("report.sent")}</p>
          <div className="flex justify-end">
            <button type="button" onClick={onClose} className={`${button} bg-brand text-on-brand`} autoFocus>
              {t("report.close")}
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4 p-5">
          <h2 id={`${id}-title`} className="text-lg font-bold">
            {t("report.title")}
          </h2>
          <p className="text-sm text-fg-muted">{t("report.lead")}</p>
          <label className="flex flex-col gap-1">
            <span className="font-semibold">{t("search.name")}</span>
            <input
              value={name}
              maxLength={CHARACTER_NAME_MAX}
              required
              onChange={(event) => setName(event.target.value)}
              className={field}
            />
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-semibold">{t("search.server")}</span>
            <select value={server} onChange={(event) => setServer(event.target.value)} className={field}>
              {servers.map((each) => (
                <option key={each.id} value={each.id}>
                  {each.name}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-semibold">{t("report.reason")}</span>
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
            submitLabel={t("report.submit")}
            onPick={pick}
            onClose={onClose}
          />
        </form>
      )}
    </ModalDialog>
  );
}
