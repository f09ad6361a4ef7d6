/** `/sw.js`: the worker source (`service-worker.js`) after one line of this build's settings. */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { defaultLanguage, LANGUAGE_PARAM, languages, LOCALE_COOKIE } from "../../universal/i18n/languages.ts";
import { SERVICE_WORKER_MESSAGES } from "../../universal/delivery/service-worker-protocol.ts";
import { buildMetaPath } from "../../universal/delivery/build-refresh.ts";
import { prerenderedPaths } from "../../universal/delivery/route-rules.ts";
import { deliveryMessagesFor } from "./delivery-messages.ts";

const SOURCE = resolve(process.cwd(), "server/delivery/service-worker.js");
let source: string | undefined;

/** Icons the installed app and the offline page show. */
const STATIC_SHELL = ["/favicon.ico", "/icon-192.png", "/apple-touch-icon.png"];

export function serviceWorkerScript(buildId: string, assets: readonly string[]): string {
  source ??= readFileSync(SOURCE, "utf8");
  const config = {
    buildId,
    precache: [...STATIC_SHELL, buildMetaPath(buildId), ...assets],
    prerendered: prerenderedPaths(),
    languages,
    defaultLanguage,
    languageCookie: LOCALE_COOKIE,
    languageParam: LANGUAGE_PARAM,
    messageTypes: SERVICE_WORKER_MESSAGES,
    messages: Object.fromEntries(languages.map((language) => [language, deliveryMessagesFor(language).needsNetwork])),
  };
  return `const CONFIG = ${JSON.stringify(config)};\n${source}`;
}
