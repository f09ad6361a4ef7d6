/**
 * The conversation's dialogs, an island the member wakes by asking for one (decision 042): reporting a
 * message (the shared report dialog) and, for a moderator, muting its author in the room. The page's
 * plain code asks through `chat-tools-request.ts`; until then the island is empty server HTML.
 */
import { useEffect, useState, type FormEvent } from "react";
import { apiJson } from "../../shared/api/json-api.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { useRouteMessages, type RouteMessages } from "../../shared/i18n/route-messages.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { ReportDialog, type ReportTarget } from "../../shared/moderation/report-dialog.tsx";
import { ModalDialog, RadioChoices } from "../../shared/ui/modal-dialog.tsx";
import { useHydrated } from "../../shared/use-hydrated.ts";
import { CHAT_TOOL_EVENT, takeChatTool } from "./chat-tools-request.ts";

/** The chat namespace's keys the dialogs use. */
export const CHAT_TOOLS_MESSAGES = ["moderation", "cancel", "errors"] as const;

const MUTE_CHOICES = [5, 60, 1440, 10080] as const;

export function ChatTools({
  roomId,
  moderator,
  i18n,
  moderationI18n,
}: {
  roomId: string;
  moderator: boolean;
  i18n: RouteMessages;
  moderationI18n: RouteMessages;
}) {
  useRouteMessages(i18n);
  useRouteMessages(moderationI18n);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const [muting, setMuting] = useState<{ uid: string; name: string } | null>(null);
  useEffect(() => {
    const take = () => {
      const request = takeChatTool();
      if (request?.kind === "report") setReporting({ kind: "message", id: request.id });
      else if (request?.kind === "mute") setMuting({ uid: request.uid, name: request.name });
    };
    take();
    document.addEventListener(CHAT_TOOL_EVENT, take);
    return () => document.removeEventListener(CHAT_TOOL_EVENT, take);
  }, []);
  // Nothing of the server's: the dialogs are made in the browser once the island is awake, so the ids
  // their labels use (useId) are the browser's own, never the server's page's (which differ).
  const awake = useHydrated();
  if (!awake) return null;
  return (
    <>
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
      {moderator ? <MuteDialog roomId={roomId} member={muting} onClose={() => setMuting(null)} /> : null}
    </>
  );
}

/** Mutes a member in the room for a chosen time (`POST /api/chat/rooms/{id}/mutes`); they are told why when they write. */
export function MuteDialog({ roomId, member, onClose }: { roomId: string; member: { uid: string; name: string } | null; onClose(): void }) {
  const { t, i18n } = useTranslation("chat");
  const id = "chat-mute";
  const [minutes, setMinutes] = useState<number>(MUTE_CHOICES[1]);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  function reset() {
    setResult(null);
    setMinutes(MUTE_CHOICES[1]);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!member || sending) return;
    setSending(true);
    const answer = await apiJson<{ until: number }>(`/api/chat/rooms/${encodeURIComponent(roomId)}/mutes`, {
      body: { uid: member.uid, minutes },
    });
    setSending(false);
    setResult(
      answer.ok
        ? {
            ok: true,
            text: t("moderation.muted", {
              name: member.name,
              until: formatDate(answer.data.until, i18n.language, { date: "short", time: "short", local: true }),
            }),
          }
        : { ok: false, text: t("errors.generic") },
    );
  }

  const button = "min-h-10 rounded-md px-4 font-semibold";
  return (
    <ModalDialog open={member !== null} labelledBy={`${id}-title`} onOpen={reset} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4 p-5">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {t("moderation.muteTitle", { name: member?.name ?? "" })}
        </h2>
        {result?.ok ? (
          <p role="status">{result.text}</p>
        ) : (
          <>
            <p className="text-sm text-fg-muted">{t("moderation.muteLead")}</p>
            <RadioChoices
              name={`${id}-minutes`}
              legend={t("moderation.muteFor")}
              choices={MUTE_CHOICES.map((each) => [each, t(`moderation.durations.m${each}`)] as const)}
              value={minutes}
              onChange={setMinutes}
            />
            {result ? (
              <p role="alert" className="rounded-md border border-line bg-surface-muted px-3 py-2 text-sm">
                {result.text}
              </p>
            ) : null}
          </>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onClose} className={`${button} hover:bg-surface-muted`}>
            {result?.ok ? t("moderation.close") : t("cancel")}
          </button>
          {result?.ok ? null : (
            <button type="submit" disabled={sending} className={`${button} bg-brand text-on-brand disabled:opacity-60`}>
              {t("moderation.muteSubmit")}
            </button>
          )}
        </div>
      </form>
    </ModalDialog>
  );
}
