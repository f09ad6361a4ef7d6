/**
 * `@` mentions in the composer (`chat-room.ts`): typing `@` and a few letters lists the room's members
 * who match (a listbox the keyboard and a tap both use); choosing one writes its mention token.
 */
import { mentionToken } from "../../../universal/chat/mentions.ts";
import { apiJson } from "../../shared/api/json-api.ts";
import { listboxKey } from "../../shared/ui/listbox-keys.ts";
import { CHAT_IDS } from "./chat-room-props.ts";
import { escapeHtml } from "./message-html.ts";

const MENTION_WAIT_MS = 120;
/** `@` and what follows it, right before the caret, at the start or after a space. */
const MENTION = /(^|\s)@([^\s@]{0,40})$/u;

interface Mentionable {
  uid: string;
  displayName: string;
}

export interface ComposerMentions {
  /** The composer's text changed: open, narrow or close the list. */
  follow(): void;
  /** A key in the composer: true when the list used it. */
  key(event: KeyboardEvent): boolean;
  close(): void;
}

export function composerMentions(
  composer: HTMLTextAreaElement,
  mentionList: HTMLUListElement,
  roomPath: string,
  chosen: () => void,
): ComposerMentions {
  let open: { at: number; query: string } | null = null;
  let suggestions: Mentionable[] = [];
  let active = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let abort: AbortController | undefined;
  const optionId = (index: number) => `${CHAT_IDS.mentions}-option-${index}`;

  function show(): void {
    const shown = open !== null && suggestions.length > 0;
    mentionList.hidden = !shown;
    if (!shown) {
      mentionList.replaceChildren();
      composer.removeAttribute("aria-controls");
      composer.removeAttribute("aria-activedescendant");
      return;
    }
    mentionList.innerHTML = suggestions
      .map(
        (member, index) =>
          `<li id="${optionId(index)}" role="option" aria-selected="${index === active}" data-index="${index}" class="flex min-h-10 cursor-pointer items-center truncate rounded px-2${index === active ? " bg-surface-muted font-semibold" : ""}">@${escapeHtml(member.displayName)}</li>`,
      )
      .join("");
    composer.setAttribute("aria-controls", CHAT_IDS.mentions);
    composer.setAttribute("aria-activedescendant", optionId(active));
  }

  function close(): void {
    open = null;
    suggestions = [];
    clearTimeout(timer);
    abort?.abort();
    show();
  }

  function follow(): void {
    const caret = composer.selectionStart ?? composer.value.length;
    const match = MENTION.exec(composer.value.slice(0, caret));
    if (!match) {
      close();
      return;
    }
    const query = match[2] ?? "";
    if (open?.query === query) return;
    open = { at: caret - query.length - 1, query };
    clearTimeout(timer);
    abort?.abort();
    const controller = new AbortController();
    abort = controller;
    timer = setTimeout(async () => {
      const answer = await apiJson<Mentionable[]>(`${roomPath}/mentions?q=${encodeURIComponent(query)}`, { signal: controller.signal });
      if (controller.signal.aborted || !answer.ok) return;
      suggestions = answer.data.map(({ uid, displayName }) => ({ uid, displayName }));
      active = 0;
      show();
    }, MENTION_WAIT_MS);
  }

  function choose(member: Mentionable): void {
    const text = composer.value;
    const at = open?.at ?? text.length;
    const end = at + 1 + (open?.query.length ?? 0);
    const inserted = `${mentionToken(member)} `;
    composer.value = text.slice(0, at) + inserted + text.slice(end);
    composer.setSelectionRange(at + inserted.length, at + inserted.length);
    close();
    chosen();
  }

  function key(event: KeyboardEvent): boolean {
    if (open === null || suggestions.length === 0) return false;
    const move = listboxKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.isComposing }, active, suggestions.length, {
      tabChooses: true,
    });
    if (!move) return false;
    event.preventDefault();
    if (move.kind === "move") {
      active = move.active;
      show();
    } else if (move.kind === "choose") {
      const member = suggestions[active];
      if (member) choose(member);
    } else close();
    return true;
  }

  mentionList.addEventListener("pointerdown", (event) => {
    const option = (event.target as Element).closest<HTMLElement>("[data-index]");
    if (!option) return;
    // Keeps the focus in the composer.
    event.preventDefault();
    const member = suggestions[Number(option.dataset.index)];
    if (member) choose(member);
  });

  return { follow, key, close };
}
