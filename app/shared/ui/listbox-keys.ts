/**
 * The keys of a combobox whose focus stays in its field while a list of options shows (the
 * WAI-ARIA combobox pattern with `aria-activedescendant`): the arrows move the active option,
 * wrapping at either end; Enter picks it (Tab too, where the caller allows); Escape closes the list.
 */
export type ListboxMove = { kind: "move"; active: number } | { kind: "choose" } | { kind: "close" } | null;

export function listboxKey(
  event: { key: string; shiftKey: boolean; isComposing: boolean },
  active: number,
  count: number,
  { tabChooses = false }: { tabChooses?: boolean } = {},
): ListboxMove {
  if (count === 0) return event.key === "Escape" ? { kind: "close" } : null;
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    const step = event.key === "ArrowDown" ? 1 : -1;
    return { kind: "move", active: (active + step + count) % count };
  }
  if ((event.key === "Enter" || (tabChooses && event.key === "Tab")) && !event.shiftKey && !event.isComposing) return { kind: "choose" };
  if (event.key === "Escape") return { kind: "close" };
  return null;
}
