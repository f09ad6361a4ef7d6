/** The bag's buttons, shared by its page and its islands (which must not load the page's list to draw a button). */
export const buttonClass = "inline-flex min-h-10 items-center justify-center rounded-md px-4 font-semibold disabled:opacity-60";
export const secondary = `${buttonClass} border border-line bg-surface hover:bg-surface-muted`;
