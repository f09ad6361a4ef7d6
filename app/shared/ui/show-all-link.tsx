import type { ReactNode } from "react";

/** The link under a long list's first rows to every row (`firstRows`): a plain link, moved to in place. */
export function ShowAllLink({ href, children, className = "" }: { href: string; children: ReactNode; className?: string }) {
  return (
    <p className={className}>
      <a
        href={href}
        className="inline-flex min-h-11 items-center rounded-md border border-line bg-surface px-4 font-semibold hover:bg-surface-muted"
      >
        {children}
      </a>
    </p>
  );
}
