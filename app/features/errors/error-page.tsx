import { useEffect } from "react";
import { useTranslation } from "../../shared/i18n/use-translation.tsx";
import { isRouteErrorResponse, Link } from "react-router";

/** Used only when no messages could be loaded at all; the en-US texts. */
const untranslated: Record<string, string> = {
  "errors.notFound.message": "Page Not Found",
  "errors.internal.message": "Internal Server Error",
  "errors.notFound.description": "",
  "errors.forbidden.message": "Forbidden",
  "errors.forbidden.description": "",
  "errors.internal.description": "",
  "errors.tooMany.message": "Too Many Requests",
  "errors.tooMany.description": "",
  "errors.offline.message": "A connection is needed",
  "errors.offline.description": "",
  "errors.unavailable.message": "Briefly unavailable",
  "errors.unavailable.description": "",
  "errors.unavailable.retry": "Try again",
  "errors.status": "Error",
  "errors.home": "Back to the home page",
  "errors.list": "Browse {{page}}",
};

export interface ErrorDetails {
  status: number;
  /** The error's own message, e.g. 'Page not found: /nowhere'. */
  errorMessage: string;
  path?: string;
  /** A page key whose list the 404 links to (a clan that does not exist links the clan directory). */
  list?: string;
}

export function describeError(error: unknown): ErrorDetails {
  if (isRouteErrorResponse(error)) {
    const data = (error.data ?? {}) as { message?: unknown; path?: unknown; list?: unknown };
    return {
      status: error.status,
      errorMessage: typeof data.message === "string" ? data.message : error.statusText,
      path: typeof data.path === "string" ? data.path : undefined,
      ...(typeof data.list === "string" && /^[a-z]+$/.test(data.list) ? { list: data.list } : {}),
    };
  }
  return { status: 500, errorMessage: error instanceof Error ? error.message : "Internal Server Error" };
}

export function errorKind(status: number): "notFound" | "forbidden" | "tooMany" | "unavailable" | "internal" {
  if (status === 404) return "notFound";
  if (status === 403) return "forbidden";
  if (status === 429) return "tooMany";
  if (status === 503) return "unavailable";
  return "internal";
}

/** How long a page that found the site briefly unavailable waits before it loads itself again. */
export const UNAVAILABLE_RELOAD_MS = 10_000;

/** Status, message and description, with the way home. Never a stack trace in production. */
export function ErrorPage({ error }: { error: unknown }) {
  const { t: translate, ready } = useTranslation();
  const t = (key: string, options: Record<string, unknown> = {}) =>
    ready && translate(key, options) !== key ? translate(key, options) : (untranslated[key] ?? key);
  const details = describeError(error);
  // A failed navigation while offline is not the server's fault: say what is needed instead.
  // (Node has a `navigator` too, without `onLine`: only a browser that says it is offline counts.)
  const offline = details.status >= 500 && typeof document !== "undefined" && navigator.onLine === false;
  const kind = offline ? "offline" : errorKind(details.status);
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  // The database is away for a moment (a restart, a failover): the page tries again by itself.
  useEffect(() => {
    if (kind !== "unavailable") return;
    const timer = setTimeout(() => window.location.reload(), UNAVAILABLE_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [kind]);
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-start gap-3 py-10"
      data-status={details.status}
      data-error-message={details.errorMessage}
    >
      <p className="text-6xl font-bold text-accent">{details.status}</p>
      <h1 className="text-2xl font-bold">{t(`errors.${kind}.message`)}</h1>
      <p className="text-fg-muted">{t(`errors.${kind}.description`, { path: details.path ?? "" })}</p>
      {stack ? <pre className="max-w-full overflow-auto rounded bg-surface-muted p-3 text-xs">{stack}</pre> : null}
      <div className="mt-2 flex flex-wrap gap-3">
        {kind === "unavailable" ? (
          <a
            href={details.path?.replace(/^\/+/, "/") ?? ""}
            className="inline-flex h-10 items-center rounded-md bg-brand px-4 font-semibold text-on-brand"
          >
            {t("errors.unavailable.retry")}
          </a>
        ) : null}
        {details.list ? (
          <Link to={`/${details.list}`} className="inline-flex h-10 items-center rounded-md bg-brand px-4 font-semibold text-on-brand">
            {t("errors.list", { page: t(`pages.${details.list}.title`) })}
          </Link>
        ) : null}
        <Link
          to="/"
          className={`inline-flex h-10 items-center rounded-md px-4 font-semibold ${details.list || kind === "unavailable" ? "border border-line" : "bg-brand text-on-brand"}`}
        >
          {t("errors.home")}
        </Link>
      </div>
    </section>
  );
}

/** `<title>` for an error page: "Page Not Found · App title" (or the 500 message), translated. */
export function errorTitle(error: unknown, t: (key: string) => string, appTitle: string): string {
  const kind = errorKind(describeError(error).status);
  return `${t(`errors.${kind}.message`)} · ${appTitle}`;
}
