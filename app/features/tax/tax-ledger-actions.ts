/**
 * The ledger's line actions on `/me/tax` without React (a plain island, decision 042): a sale's place
 * and a line's removal. The lines are server HTML: a sale's list holds its own place only (and "no
 * place"), and takes the pack's places, copied from the calculator's list, as the member reaches for
 * it (a pointer, focus or a key), so 300 lines do not carry 300 copies of them. A change is sent to the
 * API, its message shown in the island's status, and the server's totals, periods and lines replace the
 * shown ones (`showTaxResults`).
 */
import { apiJson } from "../../shared/api/json-api.ts";
import { interpolate } from "../../shared/i18n/interpolate.ts";
import { pageSignal } from "../../shared/islands/page-lifetime.ts";
import type { Messages } from "../../shared/i18n/messages.ts";
import type { RouteMessages } from "../../shared/i18n/route-messages.ts";
import type { TFunction } from "../../shared/i18n/translator.ts";
import { taxError } from "./tax-errors.ts";
import { showTaxResults, TAX_RESULT_PARTS } from "./tax-results.ts";

/** The namespace's parts the line actions say (their messages and refusals). */
export const TAX_LEDGER_MESSAGES = ["ledger", "errors"] as const;

/** The data attributes of a line's place list and its removal button: the line's id. */
export const LINE_PLACE_ATTRIBUTE = "data-ledger-place";
export const LINE_DELETE_ATTRIBUTE = "data-ledger-delete";
/** Marks a line's place list that holds its own place only, until the member reaches for it. */
export const LINE_SLIM_ATTRIBUTE = "data-ledger-slim";

export interface TaxLedgerProps {
  /** The tax namespace's `TAX_LEDGER_MESSAGES`. */
  i18n: RouteMessages;
  /** The id of the list whose places a line's list takes (the calculator's). */
  places: string;
}

/** `t` over the island's own messages. */
export function messagesT({ messages }: Pick<RouteMessages, "messages">): TFunction {
  return (key, options) => {
    let found: string | Messages | undefined = messages;
    for (const part of key.split(".")) found = typeof found === "object" ? found[part] : undefined;
    return typeof found === "string" ? interpolate(found, options) : (options?.defaultValue ?? key);
  };
}

/** Gives a line's list the pack's places (those of `source` but its first, "no place"), its choice kept. */
export function fillPlaces(select: HTMLSelectElement, source: HTMLSelectElement | null): void {
  if (!source || !select.hasAttribute(LINE_SLIM_ATTRIBUTE)) return;
  select.removeAttribute(LINE_SLIM_ATTRIBUTE);
  const chosen = select.value;
  const [none] = select.options;
  const copies = [...source.children].slice(1).map((node) => node.cloneNode(true) as HTMLElement);
  select.replaceChildren(...(none ? [none] : []), ...copies);
  for (const option of select.options) option.selected = option.value === chosen;
  for (const option of select.options) option.defaultSelected = option.selected;
}

/**
 * Starts the line actions for the page's lines: `element` is the island's (its status). After a change,
 * `refresh` shows the ledger as it now is: the server's parts in place, or (in a page React Router
 * renders) its loaders run again.
 */
export function startTaxLedger(
  element: HTMLElement,
  { i18n, places }: TaxLedgerProps,
  refresh: () => Promise<void> = () => showTaxResults(),
): void {
  const t = messagesT(i18n);
  const status = element.querySelector<HTMLElement>("[role=status]");
  const say = (text: string) => {
    if (!status) return;
    status.textContent = text;
    status.className = "rounded-md bg-surface-muted px-3 py-2 text-sm";
  };
  const inLines = (target: EventTarget | null): target is Element =>
    target instanceof Element && target.closest(`#${TAX_RESULT_PARTS[1]}`) !== null;
  const send = async (path: string, init: Parameters<typeof apiJson>[1], done: string) => {
    const answer = await apiJson(path, init);
    say(answer.ok ? done : taxError(t, answer));
    if (answer.ok) await refresh();
  };

  const reach = (event: Event) => {
    if (!inLines(event.target) || !(event.target instanceof HTMLSelectElement)) return;
    fillPlaces(event.target, document.getElementById(places) as HTMLSelectElement | null);
  };
  // On the document, for the lines the server sends again after a change; for as long as the page is shown.
  const signal = pageSignal();
  for (const type of ["pointerdown", "focusin", "keydown"])
    document.addEventListener(type, reach, { capture: true, passive: true, signal });

  document.addEventListener(
    "change",
    (event) => {
      const select = event.target;
      if (!inLines(select) || !(select instanceof HTMLSelectElement)) return;
      const id = select.getAttribute(LINE_PLACE_ATTRIBUTE);
      if (id) void send(`/api/tax/ledger/${id}`, { method: "PATCH", body: { rateId: select.value || null } }, t("ledger.placeSaved"));
    },
    { signal },
  );
  document.addEventListener(
    "click",
    (event) => {
      const button = event.target instanceof Element ? event.target.closest(`[${LINE_DELETE_ATTRIBUTE}]`) : null;
      if (!button || !inLines(button)) return;
      const id = button.getAttribute(LINE_DELETE_ATTRIBUTE);
      if (id) void send(`/api/tax/ledger/${id}`, { method: "DELETE" }, t("ledger.deleted"));
    },
    { signal },
  );
}
