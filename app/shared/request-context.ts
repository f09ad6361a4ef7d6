import { createContext } from "react-router";
import type { Database } from "../../db/client.ts";
import type { ProviderInfo } from "../../universal/auth/provider-info.ts";
import type { SiteSettings } from "../../universal/settings/settings-limits.ts";
import type { Banner } from "../../universal/announcements/announcement-limits.ts";
import type { Language } from "../../universal/i18n/languages.ts";
import type { StylesheetReader } from "./styles/stylesheet.tsx";
import type { Viewer } from "../../server/auth/viewer.ts";
import type { Logger } from "../../server/logger.ts";
import type { ReportKinds } from "../../server/moderation/moderation.ts";
import type { TraderPresence } from "../../server/offers/offer-rows.ts";
import type { BellState } from "../../server/notifications/notifications.ts";

/** What the server hands every loader, action and middleware for one request. */
export interface RequestContext {
  requestId: string;
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
  /** The client build's stylesheets, which the document inlines. */
  readStylesheet: StylesheetReader;
  appTitle: string;
  /** Whether new accounts may be made now (an admin may close sign-ups). */
  signUpsOpen: boolean;
  /** The team's announcements running now, in a language (the banners every page shows). */
  banners: (language: Language) => Banner[];
  /** The site's settings as the database holds them now (the admin's settings section). */
  readSiteSettings: () => Promise<SiteSettings>;
  /** Whether the request arrived over https (cookies get `Secure`). */
  secure: boolean;
  /** Enables `/__fault`, a route that throws, for the error-page journeys. */
  faultRoutes: boolean;
  db: Database;
  /** Structured logger carrying this request's id. */
  logger: Logger;
  /** The signed-in person, established by the server from the session cookie. */
  viewer: Viewer | null;
  /** Sign-in providers this deployment configured, besides email and password. */
  authProviders: ProviderInfo[];
  passwordMinLength: number;
  /** This build's id and how often the browser asks for a newer one. */
  build: { id: string; checkIntervalMs: number };
  /** Where the site is reached (canonical URLs, social cards). */
  origin: string;
  /** The viewer's unread count and newest notification (null for a visitor): the bell the page is rendered with. */
  viewerBell: () => Promise<BellState | null>;
  /** Spends one search from this visitor's search budget (shared with `/api/v1/search`). */
  consumeSearchBudget: () => Promise<{ allowed: boolean; retryAfter: number | null }>;
  /** What members may report (the moderation queue's kinds, from the features that take reports). */
  reportKinds: ReportKinds;
  /** Who is online (the sockets' presence), shown with each offer's trader. */
  presence: TraderPresence;
  /** Hears each loader, action or render error (before React Router hides its details in production). */
  noteFailure?: (error: unknown) => void;
  /** Receives the render's loader data (the render cache and `_payload.json` keep it). */
  captureLoaderData?: (loaderData: Record<string, unknown>) => void;
}

export const requestContext = createContext<RequestContext>();
