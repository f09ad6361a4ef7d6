/** The look of markdown rendered on the server by the safe renderer (guides, posts, comments). */
export const prose =
  "max-w-none leading-relaxed [&_a]:text-link [&_a]:underline [&_a]:underline-offset-2 [&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:scroll-mt-20 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:scroll-mt-20 [&_h3]:font-bold [&_li]:my-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-3 [&_table]:my-4 [&_td]:border [&_td]:border-line [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-line [&_th]:px-2 [&_th]:py-1 [&_ul]:list-disc [&_ul]:pl-6 [&_code]:rounded [&_code]:bg-surface-muted [&_code]:px-1 [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_blockquote]:text-fg-muted";

/** The same, tighter, for short texts in a list (posts, comments): first and last paragraphs without margins. */
export const compactProse = `${prose} [&>:first-child]:mt-0 [&>:last-child]:mb-0`;
