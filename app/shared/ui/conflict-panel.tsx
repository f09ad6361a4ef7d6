/**
 * A stale save, shown side by side (guides, notes): what this tab holds and what the server has
 * now, each readable and copyable, above the choices the feature offers (`children`). Announced as
 * an alert: the writer must decide before anything else is saved.
 */
import { useId, type ReactNode } from "react";

export interface ConflictTexts {
  title: string;
  text: string;
  mine: string;
  theirs: string;
  /** Shown in place of the server's copy while it loads. */
  loading: string;
}

const copyBox = "rounded-md border border-line bg-bg p-2 font-mono text-sm font-normal";

export function ConflictPanel({
  texts,
  mine,
  theirs,
  children,
}: {
  texts: ConflictTexts;
  mine: { title: string; body: string };
  /** Null while the server's copy loads. */
  theirs: { title: string; body: string } | null;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section role="alert" aria-labelledby={`${id}-title`} className="rounded-xl border-2 border-accent bg-surface p-4">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {texts.title}
      </h2>
      <p className="mt-1 text-sm">{texts.text}</p>
      <div className="mt-3 grid gap-3 md:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {texts.mine}
          <textarea readOnly value={`${mine.title}\n\n${mine.body}`} rows={8} className={copyBox} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          {texts.theirs}
          <textarea readOnly value={theirs ? `${theirs.title}\n\n${theirs.body}` : texts.loading} rows={8} className={copyBox} />
        </label>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">{children}</div>
    </section>
  );
}
