/**
 * `@` in a composer (chat, the feed): members matching what follows it, from the URL the feature
 * gives (`suggestPath`, to which `q` is added, answering `{data: [{uid, displayName}]}`), picked by arrow keys and
 * Enter or Tab, or by a tap. A picked member is written as a token bound to their uid
 * (`@[Name](/users?id=UID)`, universal/chat/mentions.ts), so two members who share a name can each be
 * mentioned, and the mention links to the right profile.
 */
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { apiJson } from "../api/json-api.ts";
import { mentionToken, mentionTokenUids } from "../../../universal/chat/mentions.ts";
import { listboxKey } from "./listbox-keys.ts";

/** A member one can mention. */
export interface Mentionable {
  uid: string;
  displayName: string;
}

/** `@` and what follows it, right before the caret, at the start or after a space. */
const TOKEN = /(^|\s)@([^\s@]{0,40})$/u;
const WAIT_MS = 120;

interface Open {
  /** Where the `@` is in the draft. */
  at: number;
  query: string;
}

export function useMentionPicker(suggestPath: string) {
  const id = useId();
  const [open, setOpen] = useState<Open | null>(null);
  const [suggestions, setSuggestions] = useState<Mentionable[]>([]);
  const [active, setActive] = useState(0);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const answer = await apiJson<Mentionable[]>(
        `${suggestPath}${suggestPath.includes("?") ? "&" : "?"}q=${encodeURIComponent(open.query)}`,
        {
          signal: controller.signal,
        },
      );
      if (!controller.signal.aborted && answer.ok) {
        setSuggestions(answer.data.map(({ uid, displayName }) => ({ uid, displayName })));
        setActive(0);
      }
    }, WAIT_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [suggestPath, open]);

  const shown = open !== null && suggestions.length > 0;

  /** Follows the draft and the caret: opens, narrows or closes the list. */
  function follow(text: string, caret: number) {
    const match = TOKEN.exec(text.slice(0, caret));
    if (!match) {
      setOpen(null);
      setSuggestions([]);
      return;
    }
    const query = match[2] ?? "";
    setOpen((current) => (current?.query === query ? current : { at: caret - query.length - 1, query }));
  }

  /** The draft with the `@query` replaced by the member's token. */
  function pick(text: string, member: Mentionable): { text: string; caret: number } {
    const at = open?.at ?? text.length;
    const end = at + 1 + (open?.query.length ?? 0);
    const inserted = `${mentionToken(member)} `;
    setOpen(null);
    setSuggestions([]);
    return { text: text.slice(0, at) + inserted + text.slice(end), caret: at + inserted.length };
  }

  /** Handles the list's keys; true when the key was the list's. */
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>, choose: (member: Mentionable) => void): boolean {
    if (!shown) return false;
    const move = listboxKey(
      { key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing },
      active,
      suggestions.length,
      { tabChooses: true },
    );
    if (!move) return false;
    event.preventDefault();
    if (move.kind === "move") setActive(move.active);
    else if (move.kind === "choose") {
      const member = suggestions[active];
      if (member) choose(member);
    } else {
      setOpen(null);
      setSuggestions([]);
    }
    return true;
  }

  /** The uids of the picked members whose token is still in the text. */
  function mentionsIn(text: string): string[] {
    return mentionTokenUids(text);
  }

  /** Nothing is kept between drafts: the tokens are in the text. */
  function reset() {}

  const inputProps = {
    "aria-autocomplete": "list" as const,
    "aria-controls": shown ? `${id}-list` : undefined,
    "aria-activedescendant": shown ? `${id}-option-${active}` : undefined,
  };

  const listState = { id, shown, suggestions, active };
  return { follow, pick, onKeyDown, mentionsIn, reset, inputProps, listState };
}

/** The list, shown above the composer while there is something to pick; `label` names it for screen readers. */
export function MentionList({
  id,
  shown,
  suggestions,
  active,
  label,
  placement = "above",
  onChoose,
}: {
  id: string;
  shown: boolean;
  suggestions: Mentionable[];
  active: number;
  label: string;
  /** Above a composer at the foot of a page (chat), below one near its top (the feed). */
  placement?: "above" | "below";
  onChoose: (member: Mentionable) => void;
}) {
  if (!shown) return null;
  return (
    <ul
      id={`${id}-list`}
      role="listbox"
      aria-label={label}
      className={`absolute start-2 z-10 max-h-64 ${placement === "above" ? "bottom-full mb-1" : "top-full -mt-5"} w-64 overflow-y-auto rounded-md border border-line bg-surface p-1 shadow-lg`}
    >
      {suggestions.map((member, index) => (
        <li
          key={member.uid}
          id={`${id}-option-${index}`}
          role="option"
          aria-selected={index === active}
          onPointerDown={(event) => {
            // Keeps the focus in the composer.
            event.preventDefault();
            onChoose(member);
          }}
          className={`flex min-h-10 cursor-pointer items-center truncate rounded px-2 ${index === active ? "bg-surface-muted font-semibold" : ""}`}
        >
          @{member.displayName}
        </li>
      ))}
    </ul>
  );
}
