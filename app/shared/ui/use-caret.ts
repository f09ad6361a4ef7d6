import { useLayoutEffect, useRef, type RefObject } from "react";

/**
 * Puts the caret of a controlled text field where an insertion ended (a picked mention, a catalog
 * link), in the same commit as the new value: before the browser handles the next keystroke. Set a
 * frame later, a fast typist's next key landed where the caret had been (the guide journey caught it
 * on a loaded machine: " và đi" became "và đi… ").
 */
export function useCaretAfterRender(field: RefObject<HTMLTextAreaElement | HTMLInputElement | null>): (at: number) => void {
  const pending = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = pending.current;
    const element = field.current;
    if (at === null || !element) return;
    pending.current = null;
    element.focus();
    element.setSelectionRange(at, at);
  });
  return (at: number) => {
    pending.current = at;
  };
}
