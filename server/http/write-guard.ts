import type { MiddlewareHandler } from "hono";
import { AppError } from "../errors.ts";
import type { AppEnv } from "./context.ts";

/** Methods that change nothing: the guard lets them through. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Routes that take files: the only ones where `multipart/form-data` is accepted (each sets its own
 * body limit). A route that takes files is added here, in the one place the guard reads.
 */
export const FILE_UPLOAD_ROUTES: ReadonlySet<string> = new Set([
  "/api/profile/photo",
  "/api/feed/posts",
  "/api/reports",
  "/api/characters",
  "/api/admin/content/import",
]);
/** Routes that take files and name a thing in their path (a claim's proof). */
const FILE_UPLOAD_PATTERNS: readonly RegExp[] = [/^\/api\/characters\/claims\/\d+\/proof$/];

/** Whether the route at `path` takes files (multipart, its own body cap). */
export function takesFiles(path: string): boolean {
  return FILE_UPLOAD_ROUTES.has(path) || FILE_UPLOAD_PATTERNS.some((pattern) => pattern.test(path));
}

/**
 * Paths other sites may write to by design:
 * - the public data API (`/api/v1/*`): read-only queries sent by POST, CORS `*`, no cookies used;
 * - the identity providers' callbacks, which arrive from the provider's site (`form_post`).
 */
export function isOpenToOtherSites(path: string): boolean {
  return path.startsWith("/api/v1/") || /^\/api\/auth\/(?:oauth2\/)?callback\//.test(path);
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

function hasBody(headers: Headers): boolean {
  return headers.has("transfer-encoding") || Number(headers.get("content-length") ?? 0) > 0;
}

/**
 * The one gate in front of every state-changing request (POST, PUT, PATCH, DELETE…), mounted
 * before the routes so a new write route is covered by being mounted, not by remembering:
 * - a write from another site is refused (403 `forbidden`): a foreign `Origin` (including `null`)
 *   or `Sec-Fetch-Site: cross-site`. A request with neither header is not a browser's cross-site
 *   request (browsers send `Origin` on every POST, PUT, PATCH and DELETE), so API clients with a
 *   Bearer token still work;
 * - an API body must be `application/json` (415 `unsupported-media-type`), or
 *   `multipart/form-data` on a route of `FILE_UPLOAD_ROUTES`: a `text/plain` form post from another
 *   site never reaches a JSON parser.
 */
export function writeGuard(allowedOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(allowedOrigins.map((origin) => origin.replace(/\/+$/, "")));
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || isOpenToOtherSites(c.req.path)) return next();
    const origin = c.req.header("origin");
    if (c.req.header("sec-fetch-site") === "cross-site" || (origin !== undefined && !allowed.has(origin))) {
      throw new AppError("forbidden", "Requests from other sites may not change anything here.");
    }
    if (c.req.path.startsWith("/api/")) {
      const type = mediaType(c.req.header("content-type"));
      if (type || hasBody(c.req.raw.headers)) {
        const accepted = type === "application/json" || (type === "multipart/form-data" && takesFiles(c.req.path));
        if (!accepted) {
          const expected = takesFiles(c.req.path) ? "multipart/form-data" : "application/json";
          throw new AppError("unsupported-media-type", `The request body must be ${expected}.`);
        }
      }
    }
    return next();
  };
}
