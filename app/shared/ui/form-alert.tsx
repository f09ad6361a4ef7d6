import type { ReactNode } from "react";

/** A form's refusal, announced to screen readers; nothing when there is none. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-md border border-line bg-surface-muted px-3 py-2 text-sm">
      {children}
    </p>
  );
}
