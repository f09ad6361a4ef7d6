import { randomUUID } from "node:crypto";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { requestContext } from "../app/shared/request-context.ts";
import type { DatabaseConnection } from "../db/client.ts";
import { adminRoutes } from "./admin/admin-routes.ts";
import { auditRoutes } from "./admin/audit-routes.ts";
import { analyticsRoutes } from "./analytics/analytics-routes.ts";
import type { AnalyticsSink } from "./analytics/analytics-sink.ts";
import { adminSetupRoutes } from "./auth/admin-setup.ts";
import { authRoutes } from "./auth/auth-routes.ts";
import type { Auth } from "./auth/create-auth.ts";
import { listProviders } from "./auth/providers.ts";
import { consumeRateLimit, type RateDecision, type RateRule } from "./auth/rate-limit.ts";
import { createSettingsStore, readSettings, settingsDefaults } from "./settings/site-settings.ts";
import { settingsRoutes } from "./settings/settings-routes.ts";
import { createBannerStore } from "./announcements/announcements.ts";
import { announcementRoutes } from "./announcements/announcement-routes.ts";
import { dashboardRoutes } from "./dashboard/dashboard-routes.ts";
import { activityTracker } from "./dashboard/dashboard.ts";
import { getViewer } from "./auth/viewer.ts";
import { contentApiRoutes } from "./content-api/content-api-routes.ts";
import { currentPackInfo } from "./content/content-store.ts";
import { CONTENT_TOPIC } from "./content/content-versions.ts";
import { contentAdminRoutes } from "./content/content-admin-routes.ts";
import { deliveryRoutes } from "./delivery/delivery-routes.ts";
import { createPageDelivery, PAYLOAD_SUFFIX, type RenderPage } from "./delivery/page-delivery.ts";
import { RenderCache } from "./delivery/render-cache.ts";
import { gameIconRaster, gameIconSprite, gameIconSvg } from "./content/icons.ts";
import { ICON_SPRITE, iconSpriteNames } from "../universal/content/icon-sprite.ts";
import { favoritesRoutes } from "./favorites/favorites-routes.ts";
import { chatRoutes } from "./chat/chat-routes.ts";
import { chatReportable } from "./chat/chat-reports.ts";
import { commentReportable, postReportable } from "./feed/feed-reports.ts";
import { feedRoutes } from "./feed/feed-routes.ts";
import { guideReportable } from "./guides/guide-reports.ts";
import { guideRoutes } from "./guides/guide-routes.ts";
import { memberReportable } from "./users/member-reports.ts";
import { moderationRoutes } from "./moderation/moderation-routes.ts";
import { reportKindsOf } from "./moderation/moderation.ts";
import { bellState, notificationsRoutes } from "./notifications/notifications.ts";
import { createHub, type RealtimeHub } from "./realtime/hub.ts";
import { pageVersions } from "./delivery/page-changes.ts";
import { trendingRoutes } from "./trending/trending-routes.ts";
import { contributionRoutes } from "./contribution/contribution-routes.ts";
import { siteSearchRoutes } from "./search/site-search.ts";
import { addressBucket, clientIp } from "./http/client-ip.ts";
import { runInRequestScope } from "./http/request-scope.ts";
import { takesFiles, writeGuard } from "./http/write-guard.ts";
import { stylesheetReader } from "./http/stylesheets.ts";
import type { AppEnv } from "./http/context.ts";
import { profileRoutes } from "./profile/profile-routes.ts";
import { usersRoutes } from "./users/users-routes.ts";
import { offerRoutes } from "./offers/offer-routes.ts";
import { nobodyOnline, type TraderPresence } from "./offers/offer-rows.ts";
import { offerReportable } from "./offers/offer-reports.ts";
import { characterReportable } from "./reputation/character-reports.ts";
import { claimDisputeReportable, claimReportable } from "./reputation/claim-reports.ts";
import { reputationRoutes } from "./reputation/reputation-routes.ts";
import { bagRoutes } from "./bag/bag-routes.ts";
import { notesRoutes } from "./notes/notes-routes.ts";
import { clansRoutes } from "./clans/clans-routes.ts";
import { rankingsRoutes } from "./rankings/rankings-routes.ts";
import { characterStatsReportable } from "./rankings/character-stats-reports.ts";
import { taxRoutes } from "./tax/tax-routes.ts";
import type { Config } from "./config.ts";
import { quotasOf } from "./quotas.ts";
import { AppError, RETRY_AFTER_SECONDS, toAppError } from "./errors.ts";
import { unavailablePage, wantsPage } from "./http/unavailable-page.ts";
import { bearerMatches, createMetrics, type Metrics } from "./http/metrics.ts";
import type { Logger } from "./logger.ts";
import { publicOrigin, trustedOrigins } from "./services.ts";
import { securityHeaders } from "./security-headers.ts";
import { currentMapSvg, mapUrl } from "./content/districts.ts";

export interface AppDependencies {
  config: Config;
  logger: Logger;
  database: DatabaseConnection;
  /** The React Router server build (a getter in development, so edits show without a restart). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Where the client build lives; omitted in development, where Vite serves assets. */
  clientDir?: string;
  auth: Auth;
  analytics: AnalyticsSink;
  /** Where features publish realtime events; the socket server listens to the same hub. One is made when omitted. */
  hub?: RealtimeHub;
  /** Who is online (the sockets' presence), shown with each offer's trader; nobody when omitted. */
  presence?: TraderPresence;
  /** What `/metrics` reports when METRICS_TOKEN is set (the sockets are added once attached); one is made when omitted. */
  metrics?: Metrics;
}

const VIEWS_PATH = "/api/views";
const SEARCH_PATH = "/api/v1/search";
/** The app bar's search (catalog, guides, members, posts): the same budget. */
const SITE_SEARCH_PATH = "/api/search";
/** The member directory's API: a query with `q` searches names, and spends from the same budget. */
const MEMBER_SEARCH_PATH = "/api/users";
const searchDecisions = new WeakMap<Context<AppEnv>, Promise<RateDecision>>();

const IMMUTABLE = "public, max-age=31536000, immutable";

/** Files from the client build, with their caching; anything else goes on to the next handler. */
function staticFiles(root: string, cacheControl: string): MiddlewareHandler {
  // The build writes brotli and gzip copies of its assets (`vite.config.ts`); they are sent as they are.
  const serve = serveStatic({ root, precompressed: true });
  return async (c, next) => {
    let missing = false;
    const response = await serve(c, async () => {
      missing = true;
    });
    if (missing || !response) return next();
    response.headers.set("Cache-Control", cacheControl);
    return response;
  };
}

/** The request's spend of the search budget: per account when signed in, else per address. Spent once per request. */
function searchBudget(c: Context<AppEnv>, database: DatabaseConnection, rule: RateRule): Promise<RateDecision> {
  let decision = searchDecisions.get(c);
  if (!decision) {
    const who = c.get("viewer")?.uid ?? addressBucket(c.get("clientIp"));
    decision = consumeRateLimit(database.db, `search:${who}`, rule);
    searchDecisions.set(c, decision);
  }
  return decision;
}

/** The one HTTP app: static files, `/api/*`, then every page through React Router. */
export function createApp({
  config,
  logger,
  database,
  build,
  clientDir,
  auth,
  analytics,
  hub = createHub(),
  presence = nobodyOnline,
  metrics: givenMetrics,
}: AppDependencies): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // For a scraper (Prometheus) that presents METRICS_TOKEN. Without one configured nothing is
  // counted and there is no such path: the requests' hot path pays for metrics only when read.
  const metricsToken = config.METRICS_TOKEN;
  if (metricsToken) {
    const metrics = givenMetrics ?? createMetrics({ hub, database });
    // First, so that every answer counts (a refusal of the guards below included).
    app.use(metrics.middleware);
    app.get("/metrics", async (c) => {
      if (!bearerMatches(c.req.header("authorization"), metricsToken)) {
        c.header("WWW-Authenticate", 'Bearer realm="metrics"');
        return c.json(new AppError("unauthenticated", "Metrics need the metrics token (Authorization: Bearer …).").toJSON(), 401);
      }
      return c.body(await metrics.registry.metrics(), 200, { "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" });
    });
  }
  const development = config.NODE_ENV === "development";
  const siteDefaults = settingsDefaults(config);
  // The admin's settings over the environment's, the same on every process (a change is announced on the hub).
  const settings = createSettingsStore(database.db, hub, siteDefaults);
  // The team's announcements running now, the same on every process (a change is announced on the hub).
  const bannerStore = createBannerStore(database.db, hub);
  // Members active today and this week (the admin dashboard): a member's first signed-in request of the day.
  const activity = activityTracker(database.db, logger);
  app.use(async (_c, next) => {
    await settings.ready;
    await bannerStore.ready;
    return next();
  });

  app.use(async (c, next) => {
    const requestId = randomUUID();
    const started = performance.now();
    c.set("requestId", requestId);
    c.set("logger", logger.child({ requestId }));
    await next();
    c.res.headers.set("X-Request-Id", requestId);
    // The logger blanks secrets that ride in URLs (a reset link's token) in this line as in every other.
    logger.info("request", {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round(performance.now() - started),
    });
  });
  app.use(clientIp(config.TRUST_PROXY, config.TRUSTED_PROXIES));
  app.use((c, next) => runInRequestScope({ clientIp: c.get("clientIp") }, next));
  const quotas = quotasOf(config);
  app.use((c, next) => {
    c.set("quotas", quotas);
    return next();
  });
  // Every body, including sign-in's and the view beacon's, is refused past the limit before it is
  // buffered (a declared length at once, a chunked one as it crosses the limit); routes that take
  // files set their own.
  const globalBodyLimit = bodyLimit({
    maxSize: config.BODY_LIMIT_KB * 1024,
    onError: () => {
      throw new AppError("payload-too-large", `The request body must be ${config.BODY_LIMIT_KB} KB or smaller.`);
    },
  });
  // The server hands a GET or HEAD no body, and asking for one builds a whole Request: they pass by.
  const bodiless = new Set(["GET", "HEAD"]);
  app.use((c, next) => (bodiless.has(c.req.method) || takesFiles(c.req.path) ? next() : globalBodyLimit(c, next)));
  app.use(compress());
  app.use(securityHeaders({ development }));

  const origin = publicOrigin(config);
  const resolveBuild = typeof build === "function" ? build : async () => build;
  const delivery = deliveryRoutes({
    db: database.db,
    appTitle: () => settings.current().appTitle,
    build: resolveBuild,
    clientDir,
    origin,
  });
  const pageDelivery = createPageDelivery({
    cache: new RenderCache(config.RENDER_CACHE_MB * 1024 * 1024),
    buildId: async () => (await delivery.currentBuild()).id,
    // A page shows the settings too (the title, the default language) and the announcements running: a change of either is a new version.
    contentVersion: async () => `${(await currentPackInfo(database.db))?.checksum ?? "no-pack"}:${settings.version()}:${bannerStore.key()}`,
    // Listens as long as the hub does: both are this app's (its process's), so nothing closes it.
    pageVersion: pageVersions(hub).of,
  });
  // A publish elsewhere (the content editor) is in use at once here too: announced on the hub once its flip committed.
  hub.listen(CONTENT_TOPIC, (event) => {
    if (event.type === "content-published") pageDelivery.contentChanged();
  });
  // A publish announced while the bus was away: the content version is read again.
  hub.onGap(() => pageDelivery.contentChanged());
  // A visitor's GET of a page the render cache holds is answered here, like a static file, with
  // the request log, request id and security headers above (the CSP names the page's script
  // hashes). It carries no session cookie and no Authorization, so the viewer lookup has nothing to
  // find, and it writes nothing, so the write guard has nothing to check. Cached pages are routes,
  // never files of the client build, so the static files below could not have answered it.
  app.use(async (c, next) => {
    const answer = await pageDelivery.cached(c.req.raw);
    if (!answer) return next();
    c.set("scriptHashes", answer.scriptHashes);
    return answer.response;
  });

  if (clientDir) {
    // Hashed file names change with their content, so a year is safe; other files may change.
    app.use("/assets/*", staticFiles(clientDir, IMMUTABLE));
    app.use("*", staticFiles(clientDir, "public, max-age=3600"));
  }

  app.route("/", delivery.app);

  app.use(writeGuard(trustedOrigins(config)));
  // What the identity provider answers is always someone's own: never stored by any cache.
  app.use("/api/auth/*", async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "no-store");
  });
  // Closed sign-ups answer with their own code, so the form can say so (the auth hook refuses the account too).
  app.use("/api/auth/sign-up/*", async (_c, next) => {
    if (!settings.current().signUpsOpen) throw new AppError("sign-ups-closed", "Sign-ups are closed for now.");
    await next();
  });
  app.route("/api/auth", authRoutes(auth));
  app.use(async (c, next) => {
    const viewer = await getViewer(auth, database.db, c.req.raw.headers);
    c.set("viewer", viewer);
    if (viewer) activity.seen(viewer.uid);
    await next();
    // A signed-in answer (a page, the API) may hold what is private to this person: no cache may
    // keep it. Answers a route marks `public` (photos, icons, the public data API) are the same for
    // everyone and keep their caching.
    if (c.get("viewer") && !/(^|,)\s*public\b/.test(c.res.headers.get("Cache-Control") ?? "")) {
      c.res.headers.set("Cache-Control", "no-store");
    }
  });
  app.use("/api/*", async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.req.method !== "OPTIONS") {
      // Queries of the public API and page-view counts have buckets of their own, so that reading
      // never uses up what a player may write.
      const bucket = c.req.path.startsWith("/api/v1/") ? "query" : c.req.path === VIEWS_PATH ? "view" : "write";
      const who = bucket === "write" ? (c.get("viewer")?.uid ?? addressBucket(c.get("clientIp"))) : addressBucket(c.get("clientIp"));
      const decision = await consumeRateLimit(database.db, `${bucket}:${who}`, settings.current().rateLimits[bucket]);
      // A page-view beacon has nobody to read a 429: past the limit its views are not counted.
      if (!decision.allowed && bucket === "view") return c.body(null, 204);
      if (!decision.allowed) {
        c.header("Retry-After", String(decision.retryAfter));
        throw new AppError("resource-exhausted", "Too many requests. Try again in a moment.");
      }
    } else if (c.req.path === SEARCH_PATH || c.req.path === SITE_SEARCH_PATH || (c.req.path === MEMBER_SEARCH_PATH && c.req.query("q"))) {
      const decision = await searchBudget(c, database, settings.current().rateLimits.search);
      if (!decision.allowed) {
        c.header("Retry-After", String(decision.retryAfter));
        throw new AppError("resource-exhausted", "Too many searches. Try again in a moment.");
      }
    }
    await next();
  });

  // Content icons as files: cached by the browser, coloured by CSS masks (they follow the theme).
  app.get("/icons/game-icons/:file{[a-z0-9-]+\\.svg}", (c) => {
    const svg = gameIconSvg(c.req.param("file").replace(/\.svg$/, ""));
    if (!svg) return c.notFound();
    return c.body(svg, 200, { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=604800" });
  });

  // The same icons as raster images, which is how pages draw them (decision 014).
  app.get("/icons/game-icons/:file{[a-z0-9-]+\\.webp}", async (c) => {
    const webp = await gameIconRaster(c.req.param("file").replace(/\.webp$/, ""));
    if (!webp) return c.notFound();
    return c.body(new Uint8Array(webp), 200, { "Content-Type": "image/webp", "Cache-Control": "public, max-age=604800" });
  });

  // A page's icons as one image (decision 028): its URL lists them, so any process draws the same strip.
  app.get(ICON_SPRITE.path, async (c) => {
    const names = iconSpriteNames(c.req.query("i"));
    if (!names) return c.notFound();
    const webp = await gameIconSprite(names);
    return c.body(new Uint8Array(webp), 200, { "Content-Type": "image/webp", "Cache-Control": "public, max-age=604800" });
  });

  // The pack's world map, named by its version: a new pack gets a new URL, so a year of caching is safe.
  app.get("/maps/:file{[a-f0-9]{16}\\.svg}", async (c) => {
    const map = await currentMapSvg(database.db);
    if (!map || c.req.path !== mapUrl(map.version)) return c.notFound();
    return c.body(map.svg, 200, { "Content-Type": "image/svg+xml", "Cache-Control": IMMUTABLE });
  });

  app.get("/api/health", (c) => c.json({ status: "ok" }));
  // Readiness for a load balancer: 503 while the database cannot be reached (take this process out
  // of rotation), 200 `degraded` while only Redis is away (events cross through NOTIFY meanwhile).
  app.get("/api/ready", async (c) => {
    let databaseUp = true;
    try {
      await database.ping();
    } catch (error) {
      databaseUp = false;
      c.get("logger").warn("database not reachable", { error });
    }
    const { bus, degraded } = hub.health();
    const status = !databaseUp ? "unavailable" : degraded.length > 0 ? "degraded" : "ready";
    if (!databaseUp) c.header("Retry-After", String(RETRY_AFTER_SECONDS));
    return c.json({ status, database: databaseUp ? "up" : "down", bus, degraded }, databaseUp ? 200 : 503);
  });
  // What members may report, from each feature that takes reports: the one moderation queue reads them all.
  const reportKinds = reportKindsOf([
    chatReportable(hub),
    postReportable(hub),
    commentReportable(hub),
    memberReportable(),
    guideReportable(),
    offerReportable(database.db, hub, presence),
    characterReportable(),
    claimReportable(),
    claimDisputeReportable(),
    characterStatsReportable(hub),
  ]);
  app.route("/api", profileRoutes(database.db, hub));
  app.route("/api", usersRoutes(database.db));
  app.route("/api", analyticsRoutes(analytics));
  app.route("/api", adminSetupRoutes(database.db));
  app.route("/api", adminRoutes(database.db, hub));
  app.route("/api", auditRoutes(database.db));
  app.route("/api", settingsRoutes(database.db, hub, settings, siteDefaults));
  app.route("/api", announcementRoutes(database.db, hub, bannerStore));
  app.route("/api", dashboardRoutes(database.db));
  app.route("/api", contentAdminRoutes(database.db, hub));
  app.route("/api", favoritesRoutes(database.db));
  app.route(
    "/api",
    chatRoutes(database.db, hub, {
      rate: { max: config.CHAT_RATE_MAX, window: config.CHAT_RATE_WINDOW_SECONDS },
      notify: { mentionsPerHour: config.MENTION_NOTIFICATIONS_PER_HOUR },
    }),
  );
  app.route("/api", notificationsRoutes(database.db, hub));
  app.route("/api", moderationRoutes(database.db, reportKinds));
  app.route("/api", feedRoutes(database.db, hub, { mentionsPerHour: config.MENTION_NOTIFICATIONS_PER_HOUR }));
  app.route("/api", guideRoutes(database.db, hub));
  app.route("/api", trendingRoutes(database.db));
  app.route("/api", contributionRoutes(database.db));
  app.route("/api", siteSearchRoutes(database.db));
  app.route("/api", contentApiRoutes(database.db));
  app.route("/api", offerRoutes(database.db, hub, { feedbackMinAccountAgeHours: config.FEEDBACK_MIN_ACCOUNT_AGE_HOURS }, presence));
  app.route("/api", reputationRoutes(database.db, hub));
  app.route("/api", bagRoutes(database.db, hub));
  app.route("/api", notesRoutes(database.db, hub));
  app.route("/api", clansRoutes(database.db, hub));
  app.route("/api", rankingsRoutes(database.db, hub));
  app.route("/api", taxRoutes(database.db, hub));
  app.all("/api/*", (c) => {
    const failure = new AppError("not-found", `No API endpoint at ${c.req.method} ${c.req.path}`);
    return c.json(failure.toJSON(), failure.status);
  });

  const providers = listProviders(config);
  const readStylesheet = stylesheetReader(clientDir);
  const handleRequest = createRequestHandler(build, development ? "development" : "production");
  /** Renders through React Router as `viewer` (null: as an anonymous visitor, for shared renders). */
  const renderer =
    (c: Context<AppEnv>, viewer: AppEnv["Variables"]["viewer"]): RenderPage =>
    async (request, { nonce, capture }) => {
      const context = new RouterContextProvider();
      // A loader that found the database away (or too busy): the request is answered 503 (onError
      // below: the briefly-unavailable page, or JSON for a payload), never rendered or cached as a 500.
      let unavailable: AppError | undefined;
      context.set(requestContext, {
        requestId: c.get("requestId"),
        nonce,
        readStylesheet,
        appTitle: settings.current().appTitle,
        signUpsOpen: settings.current().signUpsOpen,
        readSiteSettings: () => readSettings(database.db, siteDefaults),
        banners: (language) => bannerStore.banners(language),
        secure: c.get("https"),
        faultRoutes: config.FAULT_ROUTES,
        db: database.db,
        logger: c.get("logger"),
        viewer,
        presence,
        authProviders: providers,
        passwordMinLength: config.PASSWORD_MIN_LENGTH,
        build: { id: (await delivery.currentBuild()).id, checkIntervalMs: config.BUILD_CHECK_INTERVAL_MS },
        origin,
        viewerBell: async () => (viewer ? bellState(database.db, viewer.uid) : null),
        consumeSearchBudget: () => searchBudget(c, database, settings.current().rateLimits.search),
        reportKinds,
        captureLoaderData: capture,
        noteFailure: (error) => {
          const failure = toAppError(error);
          if (failure.code === "unavailable") unavailable ??= failure;
        },
      });
      const response = await handleRequest(request, context);
      if (unavailable) {
        // Drained rather than cancelled: the render finishes its stream, and nothing is sent.
        await response.arrayBuffer().catch(() => undefined);
        throw unavailable;
      }
      return response;
    };
  app.get("*", async (c, next) => {
    if (!c.req.path.endsWith(PAYLOAD_SUFFIX)) return next();
    return pageDelivery.payload(c.req.raw, renderer(c, null));
  });
  app.all("*", async (c) => {
    const viewer = c.get("viewer");
    const answer = await pageDelivery.document(c.req.raw, renderer(c, viewer), { nonce: c.get("nonce"), anonymous: !viewer });
    c.set("scriptHashes", answer.scriptHashes);
    return answer.response;
  });

  app.onError((error, c) => {
    const failure = toAppError(error);
    if (!(error instanceof AppError)) c.get("logger").error("unhandled error", { error });
    // A page load that found the database away (the viewer's session is read before React renders).
    if (failure.code === "unavailable" && wantsPage(c.req.raw)) return unavailablePage(c.req.raw, c.get("nonce") ?? "");
    // A refusal that says when to try again (a chat rate limit, slow mode) says it in the header too.
    const retryAfter = failure.details?.retryAfter;
    if (typeof retryAfter === "number") c.header("Retry-After", String(retryAfter));
    return c.json(failure.toJSON(), failure.status);
  });

  return app;
}
