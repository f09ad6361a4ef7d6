import { createContext, useContext, type ReactNode } from "react";

/** Reads a stylesheet of the client build by its URL; the server provides it in production. */
export type StylesheetReader = (href: string) => string | undefined;

const StylesheetReaderContext = createContext<StylesheetReader | undefined>(undefined);

export function StylesheetReaderProvider({ read, children }: { read: StylesheetReader; children: ReactNode }) {
  return <StylesheetReaderContext.Provider value={read}>{children}</StylesheetReaderContext.Provider>;
}

/**
 * A stylesheet every page needs, inlined into the document in production: a render-blocking request
 * fewer, so the server-rendered page paints as soon as the HTML arrives (the hydration scripts come later).
 * In the browser React finds the server's `<style>` by its `href` and keeps it, whatever the text it renders.
 * Development keeps the `<link>`, which Vite updates on edits.
 */
export function Stylesheet({ href }: { href: string }) {
  const text = useContext(StylesheetReaderContext)?.(href);
  const inBrowser = typeof document !== "undefined";
  if (import.meta.env.DEV || (!inBrowser && text === undefined)) return <link rel="stylesheet" href={href} precedence="default" />;
  return (
    <style href={href} precedence="default">
      {text ?? ""}
    </style>
  );
}
