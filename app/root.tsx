import { useEffect, useMemo } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/root";
import appStylesHref from "./app.css?url";
import { ErrorPage } from "./features/errors/error-page.tsx";
import { translatorFor } from "./shared/i18n/page-translator.ts";
import { TranslationProvider } from "./shared/i18n/use-translation.tsx";
import { languageFromRequest } from "../universal/i18n/languages.ts";
import { loadMessages } from "./shared/i18n/messages.ts";
import { errorMeta } from "./features/errors/error-meta.ts";
import { OfflineIndicator } from "./features/delivery/offline-indicator.tsx";
import { DocumentRuntimes, PageRuntimes } from "./page-runtimes.tsx";
import { Island } from "./shared/islands/island.tsx";
import { IslandScripts, useServedAsIslands } from "./shared/islands/islands-mode.tsx";
import { chunkReloadScript } from "./shared/delivery/reload-guard.ts";
import { openerGuardScript } from "../universal/security/opener-guard.ts";
import { requestContext } from "./shared/request-context.ts";
import { markHydrated } from "./shared/page/server-html.tsx";
import { useNonce } from "./shared/nonce.tsx";
import { useRootData, type RootData } from "./shared/root-data.ts";
import { Stylesheet } from "./shared/styles/stylesheet.tsx";
import { themeBootScript, themes } from "./shared/theme/theme.ts";
import { clockBootScript } from "./shared/ui/clock-scripts.ts";

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const { appTitle, viewer, build, origin, viewerBell, banners } = context.get(requestContext);
  const requested = languageFromRequest(request);
  const [{ language, messages }, bell] = await Promise.all([loadMessages(requested, "common"), viewerBell()]);
  return { appTitle, viewer, bell, build, origin, banners: banners(language), i18n: { language, resources: { common: messages } } };
}

/** The root data changes only with the language: re-run it on an explicit revalidation or a form post. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  return currentUrl.href === nextUrl.href;
}

export const meta = errorMeta;

// No SVG favicon: Chromium decodes a page's favicon in the page's renderer, and an SVG one builds a whole
// SVG document there on the main thread (3–7 ms at desktop speed, 20–45 ms on a phone); the PNG-in-ICO
// costs a fraction of a millisecond (decision 030). The web app manifest is named once the page has
// settled, beside the worker (`linkWebManifest`, decision 054).
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const language = root?.i18n.language ?? "vi";
  const nonce = useNonce();
  const islands = useServedAsIslands() && root !== undefined;
  return (
    <html lang={language} data-theme={themes.light} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        {/* resizes-content: an on-screen keyboard shrinks the layout (100dvh), so the chat composer stays above it. */}
        <meta name="viewport" content="width=device-width, initial-scale=1, interactive-widget=resizes-content" />
        <meta name="theme-color" content="#F15A22" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: openerGuardScript }} />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: chunkReloadScript() }} />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: clockBootScript }} />
        <Meta />
        <Stylesheet href={appStylesHref} />
        {/* No paint before the page's main element starts (Chromium unblocks on its insertion): the top
            bar's controls lay out as one row, and a first paint cut inside the bar would lay out its
            first half alone, then move it when the rest is parsed (a layout shift on a busy phone). */}
        <link rel="expect" href="#main" blocking="render" />
        <Links />
      </head>
      <body>
        <div className="root">{children}</div>
        {islands ? (
          // A page served as islands runs none of React Router's scripts (decision 025).
          <IslandScripts data={root} nonce={nonce} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            {/* Server only: React would otherwise insert the module preloads the server left out (decision 024). */}
            {import.meta.env.SSR ? <Scripts nonce={nonce} /> : null}
          </>
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const translator = useMemo(() => translatorFor(loaderData.i18n), [loaderData.i18n]);
  const islands = useServedAsIslands();
  const runtime = { language: loaderData.i18n.language, uid: loaderData.viewer?.uid ?? null, build: loaderData.build };
  useEffect(markHydrated, []);
  return (
    <TranslationProvider translator={translator}>
      <Outlet />
      {islands ? (
        <Island name="page-runtimes" component={DocumentRuntimes} props={runtime} />
      ) : (
        <>
          <OfflineIndicator />
          <PageRuntimes {...runtime} />
        </>
      )}
    </TranslationProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  const page = <ErrorPage error={error} />;
  return root ? <TranslationProvider translator={translatorFor(root.i18n)}>{page}</TranslationProvider> : page;
}
