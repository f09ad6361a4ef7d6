import { useEffect, useState } from "react";
import type { ParamChanges } from "./use-url-params.ts";

/** The pause in typing after which the search goes to the URL. */
const SEARCH_DELAY_MS = 300;

/**
 * A search box whose text lives in `?q=` (the page's `q`): what is typed goes to the URL after a pause
 * in typing, through the page's `setParams` (`useUrlParams`). A `q` that comes from elsewhere (a link
 * such as "clear filters", back and forward) replaces the text; the page's own search coming back
 * from the URL leaves what is being typed alone.
 */
export function useSearchText(q: string, setParams: (changes: ParamChanges) => void): [string, (text: string) => void] {
  const [text, setText] = useState(q);
  // The search this page asked for, told apart from one that came from a link, which replaces the text.
  const [sent, setSent] = useState(q);
  const [shown, setShown] = useState(q);
  if (q !== shown) {
    setShown(q);
    if (q !== sent) {
      setSent(q);
      setText(q);
    }
  }
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === sent) return;
    const timer = setTimeout(() => {
      setSent(wanted);
      setParams({ q: wanted || null });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, sent, setParams]);
  return [text, setText];
}
