/**
 * The page a browser gets when the database cannot be reached before React could render anything
 * (the viewer's session is read first): a 503 that says the site is briefly unavailable, in the
 * visitor's language, and loads itself again after a few seconds. Self-contained: no script, no
 * stylesheet, nothing else to fetch from a server that is struggling.
 */
import { z } from "zod";
import { languageFromRequest } from "../../universal/i18n/languages.ts";
import { namespaceMessages } from "../i18n/namespace-messages.ts";
import { RETRY_AFTER_SECONDS } from "../errors.ts";

const commonMessages = z.object({
  errors: z.object({ unavailable: z.object({ message: z.string().min(1), description: z.string().min(1), retry: z.string().min(1) }) }),
});
const messagesFor = namespaceMessages("common", commonMessages);

/** Whether a failed request was a browser's page load (not an API call, a payload or a file). */
export function wantsPage(request: Request): boolean {
  const { pathname } = new URL(request.url);
  return request.method === "GET" && !pathname.startsWith("/api/") && (request.headers.get("accept") ?? "").includes("text/html");
}

const escape = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

export function unavailablePage(request: Request, nonce: string): Response {
  const language = languageFromRequest(request);
  const { message, description, retry } = messagesFor(language).errors.unavailable;
  const url = new URL(request.url);
  // The same page again; a path that starts with `//` would read as another site's address.
  const here = escape(url.pathname.replace(/^\/+/, "/") + url.search);
  const html = `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS * 2}">
<meta name="robots" content="noindex">
<title>${escape(message)}</title>
<style nonce="${nonce}">body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:2.5rem 1rem;color:#1f2937;background:#fff}main{max-width:36rem;margin:0 auto}a{display:inline-flex;min-height:2.75rem;align-items:center;padding:0 1rem;border-radius:.375rem;background:#1d4ed8;color:#fff;font-weight:600;text-decoration:none}@media (prefers-color-scheme:dark){body{color:#e5e7eb;background:#111827}a{background:#3b82f6;color:#0b1120}}</style>
</head>
<body>
<main>
<p>503</p>
<h1>${escape(message)}</h1>
<p>${escape(description)}</p>
<p><a href="${here}">${escape(retry)}</a></p>
</main>
</body>
</html>
`;
  return new Response(html, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
  });
}
