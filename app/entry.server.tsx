import { PassThrough, pipeline } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { withoutModulePreloads } from "./shared/delivery/module-preloads.ts";
import { NonceProvider } from "./shared/nonce.tsx";
import { insertBeforeHeadEnd } from "./shared/page/head-insert.ts";
import { IconSpriteCollector, IconSpriteContext } from "./shared/ui/icon-sprite.ts";
import { StylesheetReaderProvider } from "./shared/styles/stylesheet.tsx";
import { requestContext } from "./shared/request-context.ts";

export const streamTimeout = 5_000;

/** Logs a loader, action or render error once, with the request id; the error page shows no stack. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const { logger, noteFailure } = context.get(requestContext);
  logger.error("request failed", { error, url: request.url });
  // The server answers for a database that is away (503, briefly unavailable) rather than the page (500).
  noteFailure?.(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  loadContext.get(requestContext).captureLoaderData?.(routerContext.staticHandlerContext.loaderData);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, logger, readStylesheet } = loadContext.get(requestContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // One pass for everyone (decision 011): loaders await all a page shows, so the shell is nearly
    // the whole page anyway, and waiting for all of it keeps React from streaming the route data in
    // late Suspense boundaries that the browser reveals (and hydrates) only after a throttle.
    const readyOption: keyof RenderToPipeableStreamOptions = "onAllReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    // The page's content icons share one image, named in the head once the page is rendered (decision 028).
    const iconSprite = new IconSpriteCollector();
    const app = (
      <NonceProvider nonce={nonce}>
        <StylesheetReaderProvider read={readStylesheet}>
          <IconSpriteContext value={iconSprite}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </IconSpriteContext>
        </StylesheetReaderProvider>
      </NonceProvider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      // Nothing is streamed, so nothing is outlined either: past 12,800 bytes of completed Suspense
      // content, React otherwise writes a boundary (a post's comments) after the page and reveals it
      // by script on a throttle, moving what follows it (CLS 0.14 on a post's page at 390 px).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        pipe(body);
        // One chain whose errors are all handled: a reader who goes away mid-page (a closed tab, a
        // prerender the browser dropped) cancels the compressed body, Node turns that into an
        // AbortError destroying the last stream, and React Router's pump has let go of its error
        // listener by then; unheard, that error would end the process.
        const html = pipeline(
          body,
          withoutModulePreloads(),
          insertBeforeHeadEnd(() => iconSprite.headMarkup()),
          (error) => {
            if (!error) return;
            clearTimeout(timeoutId);
            timeoutId = undefined;
            abort();
            if (error.name !== "AbortError") logger.error("sending a page failed", { error, url: request.url });
          },
        );
        resolve(new Response(createReadableStreamFromReadable(html), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) logger.error("streaming render failed", { error, url: request.url });
      },
    });
  });
}
