/**
 * A moderator's list of things hidden after reports, each with a button that puts it back: the one
 * list /admin shows for hidden posts, comments and guides. The feature says what each row shows and
 * how to restore it (its own route, which checks the permission again); the list keeps what was
 * restored out of view and says how the last restore went.
 */
import { useState, type ReactNode } from "react";

export interface RestoreListTexts {
  title: string;
  lead: string;
  empty: string;
  restore: string;
}

/** What a restore came to: the status line to show, and whether it was refused. */
export type RestoreOutcome = { ok: boolean; text: string };

export function RestoreList<Item extends { id: number }>({
  id,
  items,
  texts,
  restoreLabel,
  restore,
  children,
}: {
  /** The heading's id, unique on the page. */
  id: string;
  items: Item[];
  texts: RestoreListTexts;
  restoreLabel(item: Item): string;
  restore(item: Item): Promise<RestoreOutcome>;
  /** The row's description, beside its button. */
  children(item: Item): ReactNode;
}) {
  const [restored, setRestored] = useState<ReadonlySet<number>>(new Set());
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const shown = items.filter((item) => !restored.has(item.id));

  async function restoreOne(item: Item) {
    setBusy(item.id);
    const outcome = await restore(item);
    setBusy(null);
    setStatus({ error: !outcome.ok, text: outcome.text });
    if (outcome.ok) setRestored((current) => new Set([...current, item.id]));
  }

  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-bold">
        {texts.title}
      </h2>
      <p className="mt-1 text-sm text-fg-muted">{texts.lead}</p>
      <p role={status?.error ? "alert" : "status"} className={`mt-2 text-sm ${status?.error ? "text-accent" : "text-fg-muted"}`}>
        {status?.text ?? ""}
      </p>
      {shown.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-line p-4 text-fg-muted">{texts.empty}</p>
      ) : (
        <ul className="mt-4 flex flex-col gap-3" aria-label={texts.title}>
          {shown.map((item) => (
            <li key={item.id} className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-4 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">{children(item)}</div>
              <button
                type="button"
                disabled={busy === item.id}
                onClick={() => void restoreOne(item)}
                aria-label={restoreLabel(item)}
                className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-md border border-line px-4 font-semibold hover:bg-surface-muted disabled:opacity-60"
              >
                {texts.restore}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
