/**
 * The public data API, mounted under `/api`: read-only JSON over the content pack, open to any
 * origin (CORS, no credentials), cached with ETags. See docs-page.ts (served at `/api/docs`).
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { getEntry } from "../content/catalog.ts";
import { currentPackInfo } from "../content/content-store.ts";
import { ID_PATTERN, type GameEvent } from "../../universal/content/pack-schema.ts";
import { AppError } from "../errors.ts";
import { parseJson, type AppEnv } from "../http/context.ts";
import { kindOfCollection, unknownCollectionMessage } from "./collections.ts";
import { languageFromRequest } from "../../universal/i18n/languages.ts";
import { renderDocsPage, type DocsLanguage } from "./docs-page.ts";
import { cachedAnswer, shortDigest } from "./http-cache.ts";
import { memberGuidesVersion } from "../guides/guide-search.ts";
import { occurrenceOf, withOccurrence } from "./live-events.ts";
import { runQuery } from "./query-executor.ts";
import { validateQuery } from "./query-validator.ts";
import { SEARCH_TEXT_MAX, searchText } from "../http/search-text.ts";
import { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, searchContent } from "./search.ts";

const QUERY_BODY_MAX_BYTES = 32 * 1024;

const DOCS: Record<DocsLanguage, { html: string; version: string }> = Object.fromEntries(
  (["en", "vi"] as const).map((language) => {
    const html = renderDocsPage(language);
    return [language, { html, version: shortDigest(html) }];
  }),
) as Record<DocsLanguage, { html: string; version: string }>;

function searchParams(params: { q?: string; limit?: string; kind?: string }) {
  const q = (params.q ?? "").trim();
  if (q.length === 0 || q.length > SEARCH_TEXT_MAX)
    throw new AppError("invalid-argument", `'q' is required: the text to search for, 1 to ${SEARCH_TEXT_MAX} characters.`, {
      field: "q",
    });
  if (!searchText.safeParse(q).success) throw new AppError("invalid-argument", "'q' must not contain control characters.", { field: "q" });
  let limit = SEARCH_LIMIT_DEFAULT;
  if (params.limit !== undefined) {
    limit = /^\d{1,3}$/.test(params.limit) ? Number(params.limit) : Number.NaN;
    if (!(limit >= 1 && limit <= SEARCH_LIMIT_MAX))
      throw new AppError("invalid-argument", `'limit' must be an integer from 1 to ${SEARCH_LIMIT_MAX}.`, { field: "limit" });
  }
  let kind;
  if (params.kind !== undefined) {
    kind = kindOfCollection(params.kind);
    if (!kind) throw new AppError("invalid-argument", unknownCollectionMessage(params.kind), { field: "kind" });
  }
  return { q, limit, kind };
}

export function contentApiRoutes(db: Database) {
  return new Hono<AppEnv>()
    .use(
      "/v1/*",
      cors({
        origin: "*",
        allowMethods: ["GET", "HEAD", "POST", "OPTIONS"],
        allowHeaders: ["Content-Type", "If-None-Match"],
        exposeHeaders: ["ETag"],
        maxAge: 86400,
      }),
    )
    .get("/v1/search", async (c) => {
      const { q, limit, kind } = searchParams(c.req.query());
      // Published member guides are part of the answer: their version is part of its ETag.
      const version = `${(await currentPackInfo(db))?.checksum ?? "no-pack"}.${await memberGuidesVersion(db)}`;
      return cachedAnswer(c, db, async () => c.json({ data: await searchContent(db, q, { limit, kind }) }), version);
    })
    .post(
      "/v1/query",
      bodyLimit({
        maxSize: QUERY_BODY_MAX_BYTES,
        onError: (c) => {
          const failure = new AppError("invalid-argument", `Invalid query. The body must be at most ${QUERY_BODY_MAX_BYTES / 1024} KB.`);
          return c.json(failure.toJSON(), failure.status);
        },
      }),
      async (c) => {
        const validation = validateQuery(await parseJson(c, z.unknown()));
        if (!validation.ok) throw new AppError("invalid-argument", validation.message);
        const answer = await runQuery(db, validation.query);
        const now = new Date();
        return c.json({ ...answer, data: answer.data.map((entry) => withOccurrence(validation.query.kind, entry, now)) });
      },
    )
    .get("/v1/:collection/:id", async (c) => {
      const { collection, id } = c.req.param();
      const kind = kindOfCollection(collection);
      if (!kind) throw new AppError("not-found", unknownCollectionMessage(collection));
      const read = async () => {
        const entry = ID_PATTERN.test(id) && id.length <= 100 ? await getEntry(db, kind, id) : null;
        if (!entry) throw new AppError("not-found", `No entry '${id.slice(0, 100)}' in ${collection}.`);
        return entry;
      };
      if (kind !== "events") return cachedAnswer(c, db, async () => c.json({ data: await read() }));
      // An event's occurrence moves with time: its tag names the occurrence as well as the pack.
      const event = (await read()) as GameEvent;
      const occurrence = occurrenceOf(event, new Date());
      const checksum = (await currentPackInfo(db))?.checksum ?? "no-pack";
      const version = `${checksum}.${occurrence.status}.${Date.parse(occurrence.startsAt).toString(36)}`;
      return cachedAnswer(c, db, async () => c.json({ data: { ...event, occurrence } }), version);
    })
    .get("/docs", (c) => {
      // ?lang= wins (vi, en-US, or en for this page); else the site's language cookie, Vietnamese first.
      const language: DocsLanguage = c.req.query("lang") === "en" || languageFromRequest(c.req.raw) === "en-US" ? "en" : "vi";
      c.header("Vary", "Cookie");
      const page = DOCS[language];
      return cachedAnswer(c, db, async () => c.html(page.html), page.version);
    });
}
