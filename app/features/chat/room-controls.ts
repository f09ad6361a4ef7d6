/**
 * The room's own controls in the live conversation (`chat-room.ts`): blocking a direct room's peer (and
 * unblocking), and a moderator's slow mode, sent once the choice settles.
 */
import { apiJson } from "../../shared/api/json-api.ts";
import { CHAT_IDS } from "./chat-room-props.ts";
import { escapeHtml } from "./message-html.ts";
import type { RoomContext } from "./room-context.ts";

export function startRoomControls(context: RoomContext, errorLine: HTMLElement): void {
  const { byId, room, t, section, roomPath } = context;
  const block = byId<HTMLButtonElement>(CHAT_IDS.block);
  const peer = room.peer;
  let blocked = context.props.blocked;
  block?.addEventListener("click", () => {
    if (!peer) return;
    void (async () => {
      if (!blocked && !window.confirm(t("block.confirm", { name: peer.displayName }))) return;
      block.disabled = true;
      const answer = blocked
        ? await apiJson(`/api/chat/blocks/${encodeURIComponent(peer.uid)}`, { method: "DELETE" })
        : await apiJson("/api/chat/blocks", { body: { uid: peer.uid } });
      block.disabled = false;
      context.setError(answer.ok ? null : t("errors.generic"));
      if (!answer.ok) return;
      blocked = !blocked;
      block.dataset.blocked = String(blocked);
      block.textContent = t(blocked ? "block.unblock" : "block.block", { name: peer.displayName });
      byId(CHAT_IDS.blockedNotice)?.remove();
      if (blocked)
        errorLine.insertAdjacentHTML(
          "beforebegin",
          `<p id="${CHAT_IDS.blockedNotice}" class="mx-3 mb-2 text-sm text-fg-muted">${escapeHtml(t("block.blockedNotice", { name: peer.displayName }))}</p>`,
        );
    })();
  });

  const slowMode = byId<HTMLSelectElement>(CHAT_IDS.slowMode);
  let slowTimer: ReturnType<typeof setTimeout> | undefined;
  // Arrow keys on the closed list change it once per step: the last choice is sent after a pause.
  slowMode?.addEventListener("change", () => {
    clearTimeout(slowTimer);
    slowTimer = setTimeout(async () => {
      const seconds = Number(slowMode.value);
      slowMode.disabled = true;
      const answer = await apiJson(`${roomPath}/slow-mode`, { body: { seconds } });
      slowMode.disabled = false;
      context.setError(answer.ok ? null : t("errors.generic"));
      if (!answer.ok) return;
      const line = byId(CHAT_IDS.slowModeLine);
      if (seconds === 0) line?.remove();
      else if (line) line.textContent = t("slowMode", { seconds });
      else
        section
          .querySelector("header")
          ?.insertAdjacentHTML(
            "afterend",
            `<p id="${CHAT_IDS.slowModeLine}" class="border-b border-line px-3 py-1 text-sm text-fg-muted">${escapeHtml(t("slowMode", { seconds }))}</p>`,
          );
    }, 800);
  });
}
