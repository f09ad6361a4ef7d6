import type { MiddlewareHandler } from "hono";
import { isSafeRedirectPath } from "../../universal/navigation/safe-navigation.ts";
import { AppError } from "../errors.ts";
import type { AppEnv } from "../http/context.ts";

/** Where better-auth takes a URL (in the query or the body) to send the browser to later. */
const REDIRECT_FIELDS = ["callbackURL", "redirectTo", "errorCallbackURL", "newUserCallbackURL"] as const;

/** The request's body as better-auth will read it (JSON or a form), without consuming it; null for anything else. */
async function bodyFields(request: Request): Promise<Record<string, unknown> | null> {
  const type = request.headers.get("content-type")?.toLowerCase() ?? "";
  try {
    if (/^application\/([a-z0-9.+-]*\+)?json/.test(type)) {
      const body: unknown = await request.clone().json();
      return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    }
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      return Object.fromEntries((await request.clone().formData()).entries());
    }
  } catch {
    // An unreadable body carries no redirect target; better-auth answers it with its own 400.
  }
  return null;
}

/**
 * better-auth's origin check accepts any relative path that its URL parser keeps on this site, so
 * "/.//evil.example" or "/%2e//evil.example" pass, and it later redirects to them: the browser
 * lands on this site's path "//evil.example", which reads as the host evil.example to the next
 * browser, router or Location header that handles it. Our own pages only ever send a path that
 * `safeRedirectPath` keeps as it is, so anything else is refused before better-auth sees it.
 */
export function refuseForeignRedirects(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const query = new URL(c.req.url).searchParams;
    const body = c.req.method === "POST" ? await bodyFields(c.req.raw) : null;
    for (const field of REDIRECT_FIELDS) {
      for (const value of [...query.getAll(field), body?.[field]]) {
        if (value === undefined || value === null || value === "") continue;
        if (typeof value === "string" && isSafeRedirectPath(value)) continue;
        const failure = new AppError("invalid-argument", `${field} must be a path on this site.`);
        return c.json(failure.toJSON(), failure.status);
      }
    }
    await next();
  };
}
