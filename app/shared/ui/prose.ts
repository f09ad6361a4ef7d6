/** The look of markdown rendered on the server by the safe renderer (guides, posts, comments): `.prose` in app.css. */
export const prose = "prose";

/** The same, tighter, for short texts in a list (posts, comments): first and last paragraphs without margins. */
export const compactProse = "prose prose-compact";
