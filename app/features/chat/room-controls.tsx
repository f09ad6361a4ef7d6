/** A room's own controls: slow mode for moderators, blocking the other member of a direct room, and the mute dialog. */
import { useId, useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import type { ChatRoom } from "../../../universal/chat/chat-limits.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { formatDate } from "../../shared/i18n/format.ts";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { ModalDialog, RadioChoices } from "../../shared/ui/modal-dialog.tsx";

const SLOW_MODE_CHOICES = [0, 10, 30, 60, 300] as const;
const MUTE_CHOICES = [5, 60, 1440, 10080] as const;

export function RoomControls({
  room,
  moderator,
  blocked,
  onError,
}: {
  room: ChatRoom;
  moderator: boolean;
  blocked: boolean;
  onError(message: string | null): void;
}) {
  const { t } = useTranslation("chat");
  const revalidator = useRevalidator();
  const id = useId();
  const [busy, setBusy] = useState(false);

  // Arrow keys on the closed list change it once per step: the last choice is sent after a pause.
  const [slowChoice, setSlowChoice] = useState<number | null>(null);
  const slowTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  function chooseSlowMode(seconds: number) {
    setSlowChoice(seconds);
    clearTimeout(slowTimer.current);
    slowTimer.current = setTimeout(() => void setSlowMode(seconds), 800);
  }

  async function setSlowMode(seconds: number) {
    setBusy(true);
    const answer = await apiJson(`/api/chat/rooms/${encodeURIComponent(room.id)}/slow-mode`, { body: { seconds } });
    setBusy(false);
    onError(answer.ok ? null : t("errors.generic"));
    if (answer.ok) await revalidator.revalidate();
    setSlowChoice(null);
  }

  async function toggleBlock(peer: { uid: string; displayName: string }) {
    if (!blocked && !window.confirm(t("block.confirm", { name: peer.displayName }))) return;
    setBusy(true);
    const answer = blocked
      ? await apiJson(`/api/chat/blocks/${encodeURIComponent(peer.uid)}`, { method: "DELETE" })
      : await apiJson("/api/chat/blocks", { body: { uid: peer.uid } });
    setBusy(false);
    onError(answer.ok ? null : t("errors.generic"));
    if (answer.ok) await revalidator.revalidate();
  }

  if (room.kind === "direct" && room.peer) {
    const peer = room.peer;
    return (
      <button
        type="button"
        disabled={busy}
        onClick={() => void toggleBlock(peer)}
        className="min-h-10 shrink-0 rounded-md border border-line px-3 text-sm hover:bg-surface-muted disabled:opacity-60"
      >
        {blocked ? t("block.unblock", { name: peer.displayName }) : t("block.block", { name: peer.displayName })}
      </button>
    );
  }
  if (!moderator) return null;
  return (
    <span className="flex shrink-0 items-center gap-2 text-sm">
      <label htmlFor={`${id}-slow`} className="text-fg-muted">
        {t("moderation.slowMode")}
      </label>
      <select
        id={`${id}-slow`}
        value={slowChoice ?? room.slowModeSeconds}
        disabled={busy}
        onChange={(event) => chooseSlowMode(Number(event.target.value))}
        className="min-h-10 rounded-md border border-line bg-bg px-2 text-fg"
      >
        {[...new Set([...SLOW_MODE_CHOICES, room.slowModeSeconds])]
          .sort((a, b) => a - b)
          .map((seconds) => (
            <option key={seconds} value={seconds}>
              {seconds === 0 ? t("moderation.slowModeOff") : t("moderation.seconds", { count: seconds })}
            </option>
          ))}
      </select>
    </span>
  );
}

/** Mutes a member in the room for a chosen time (`POST /api/chat/rooms/{id}/mutes`); they are told why when they write. */
export function MuteDialog({ roomId, member, onClose }: { roomId: string; member: { uid: string; name: string } | null; onClose(): void }) {
  const { t, i18n } = useTranslation("chat");
  const id = useId();
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
