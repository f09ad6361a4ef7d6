import type { Context } from "hono";
import type { z } from "zod";
import { can, type Permission } from "../../universal/auth/permissions.ts";
import type { Viewer } from "../auth/viewer.ts";
import { AppError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import type { Quotas } from "../quotas.ts";
import { jsonDeeperThan, jsonHoldsUnstorable, JSON_DEPTH_MAX } from "./json-guards.ts";

export type AppEnv = {
  Variables: {
    requestId: string;
    nonce: string;
    logger: Logger;
    clientIp: string;
    /** Whether the visitor reached us over https (directly, or through a trusted proxy). */
    https: boolean;
    viewer: Viewer | null;
    /** Set by a cached page's answer: its inline scripts' hashes, which its CSP names instead of the nonce. */
    scriptHashes: readonly string[] | undefined;
    /** What one account may keep (server/quotas.ts), from the settings. */
    quotas: Quotas;
  };
};
export type AppContext = Context<AppEnv>;

export function requireViewer(c: AppContext): Viewer {
  const viewer = c.get("viewer");
  if (!viewer) throw new AppError("unauthenticated", "Sign in first.");
  return viewer;
}

/** Every action checks the permission table on the server; the role comes from our database, never from the client. */
export function requirePermission(c: AppContext, permission: Permission): Viewer {
  const viewer = requireViewer(c);
  if (!can(viewer.role, permission)) throw new AppError("permission-denied", "You are not allowed to do this.");
  return viewer;
}

/** An action open to visitors too (the table's visitor permissions): the viewer, or null when signed out. */
export function allowPermission(c: AppContext, permission: Permission): Viewer | null {
  const viewer = c.get("viewer");
  if (!can(viewer?.role, permission)) throw new AppError("permission-denied", "You are not allowed to do this.");
  return viewer;
}

/** A JSON body validated at the edge: a 400 with the first problem named, never a half-parsed value. */
export async function parseJson<Schema extends z.ZodType>(c: AppContext, schema: Schema): Promise<z.infer<Schema>> {
  let text: string;
  let body: unknown;
  try {
    text = await c.req.text();
    body = JSON.parse(text);
  } catch {
    throw new AppError("invalid-argument", "The request body must be JSON.");
  }
  if (jsonHoldsUnstorable(text))
    throw new AppError("invalid-argument", "The request body must not contain U+0000 or an unpaired surrogate.");
  if (jsonDeeperThan(text)) throw new AppError("invalid-argument", `The request body must not nest deeper than ${JSON_DEPTH_MAX} levels.`);
  return parseValue(schema, body, "body");
}

/**
 * A value validated at the edge: a 400 with the first problem named, and the field it is about in
 * `details.field` (its path, `tags.2`); `what` names the value when the problem is the whole of it.
 */
export function parseValue<Schema extends z.ZodType>(schema: Schema, value: unknown, what: string): z.infer<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    if (!issue) throw new AppError("invalid-argument", `Invalid ${what}.`);
    const field = issue.path.map(String).join(".");
    throw new AppError("invalid-argument", `${field || what}: ${issue.message}`, field ? { field } : undefined);
  }
  return result.data;
}

/** The query string validated at the edge, like a body: a 400 with the first problem named. */
export function parseQuery<Schema extends z.ZodType>(c: AppContext, schema: Schema): z.infer<Schema> {
  return parseValue(schema, c.req.query(), "query");
}

/** The `:id` of the path as a row id, or a 404 naming `what` when it cannot be one (before it reaches a statement). */
export function idParam(c: AppContext, what: string): number {
  const id = Number(c.req.param("id"));
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError("not-found", `No such ${what}.`);
  return id;
}

/** Account ids are short runs of letters, digits, `-` and `_` (better-auth makes 32 letters and digits); anything else names no account. */
/** What an account id looks like (better-auth's ids); anything else names no account. */
export const UID = /^[A-Za-z0-9_-]{1,64}$/;

/** The `:uid` of the path, or a 404 when it cannot name an account (before it reaches a statement). */
export function uidParam(c: AppContext): string {
  const uid = c.req.param("uid") ?? "";
  if (!UID.test(uid)) throw new AppError("not-found", "No such account.");
  return uid;
}
