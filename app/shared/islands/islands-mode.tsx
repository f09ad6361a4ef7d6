import { useContext } from "react";
import { UNSAFE_DataRouterDataContext, UNSAFE_FrameworkContext, useMatches } from "react-router";
import { useRootData, type RootData } from "../root-data.ts";
import { ENTRY_MODULE_ATTRIBUTE, entryPreloads, entryStarterScript, SHELL_MODULES_ATTRIBUTE } from "./entry-after-paint.ts";
import { ISLAND_DOCUMENT_DATA_ID } from "./island-document.ts";

/**
 * A route's `handle` that serves its page as islands (decision 025): to every reader, or to visitors
 * only (`"visitors"`, decision 039), for a page a visitor can only read while a member's is an
 * application React Router hydrates.
 */
export interface IslandsHandle {
  islands: true | "visitors";
}

export const islandsHandle: IslandsHandle = { islands: true };
export const islandsForVisitorsHandle: IslandsHandle = { islands: "visitors" };

export function isIslandsHandle(handle: unknown): handle is IslandsHandle {
  const islands = typeof handle === "object" && handle !== null ? (handle as Partial<IslandsHandle>).islands : undefined;
  return islands === true || islands === "visitors";
}

/** Whether a page whose route has `handle` is served as islands to this reader. */
export function servedAsIslands(handle: unknown, signedIn: boolean): boolean {
  return isIslandsHandle(handle) && (handle.islands === true || !signedIn);
}

/**
 * Whether the server is rendering this document as islands: its page's route asks for it (for this
 * reader), and nothing failed (an error page hydrates with React Router). Always false in the browser,
 * where only a page hydrated by React Router renders the root, and under Vite's development server,
 * whose module graph and fast refresh need React Router's scripts.
 */
export function useServedAsIslands(): boolean {
  const leaf = useMatches().at(-1);
  const errors = useContext(UNSAFE_DataRouterDataContext)?.errors;
  const root = useRootData();
  if (!import.meta.env.SSR || import.meta.env.DEV) return false;
  return !errors && servedAsIslands(leaf?.handle, Boolean(root?.viewer));
}

/** JSON inside a `<script>`: nothing in it can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** The chunk of what plain islands import on demand, and the bundler's runtime it imports (`vite.config.ts`). */
const BACKGROUND_MODULES = /\/assets\/(background|rolldown-runtime)-[\w-]+\.js$/;

/**
 * What an islands document runs instead of React Router's scripts: its root data as JSON, and the
 * client entry as a module, which finds that data and hydrates the islands (`hydrateIslands`). The
 * entry runs once the page has been painted, started by an inline script (decision 033), not by a
 * `<script type="module">` that would run it as soon as the page is parsed; the entry and its imports
 * are named as module preloads (`entryPreloads`), so that the browser requests them as it parses the
 * page and the starter's task does not make the first module request (decision 040).
 */
export function IslandScripts({ data, nonce }: { data: RootData; nonce: string | undefined }) {
  const manifest = useContext(UNSAFE_FrameworkContext)?.manifest;
  const manifestEntry = manifest?.entry;
  const entry = manifestEntry?.module;
  const shell = (manifest?.routes.root?.imports ?? []).filter((module) => !manifestEntry?.imports.includes(module));
  // A member's page starts its live parts as it loads (the bell, the page's runtimes): what they import
  // comes with the page's own modules rather than after its load (decision 053).
  const background = data.viewer ? shell.filter((module) => BACKGROUND_MODULES.test(module)) : [];
  return (
    <>
      <script type="application/json" id={ISLAND_DOCUMENT_DATA_ID} dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />
      {entry ? (
        <div hidden dangerouslySetInnerHTML={{ __html: entryPreloads([entry, ...(manifestEntry?.imports ?? []), ...background]) }} />
      ) : null}
      {entry ? (
        <script
          nonce={nonce}
          {...{
            [ENTRY_MODULE_ATTRIBUTE]: entry,
            [SHELL_MODULES_ATTRIBUTE]: shell.join(" "),
          }}
          dangerouslySetInnerHTML={{ __html: entryStarterScript() }}
        />
      ) : null}
    </>
  );
}
