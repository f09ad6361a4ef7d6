import { data } from "react-router";
import type { ErrorCode } from "../../../server/errors.ts";
import { notFound } from "./not-found.ts";

/** The 403 page: status 403, message 'Forbidden: {path}', the path in the data. */
export function forbidden(path: string): never {
  throw data({ message: `Forbidden: ${path}`, path }, { status: 403, statusText: "Forbidden" });
}

/** A refusal of the domain (`AppError`, whose `name` says so: the route's loader runs on the server only). */
function refusalCode(error: unknown): ErrorCode | null {
  if (!(error instanceof Error) || error.name !== "AppError" || !("code" in error)) return null;
  return error.code as ErrorCode;
}

/**
 * What a page's loader read from the domain, or the page a refusal stands for, the same on every
 * route: nothing (null, or a `not-found` refusal) is the 404 page, a `permission-denied` refusal the
 * 403 page; any other error stays an error (the 500 page). A read not even tried (an id that cannot
 * exist) is null.
 */
export async function requireFound<T>(url: URL, read: Promise<T | null> | null): Promise<T> {
  let found: T | null;
  try {
    found = await read;
  } catch (error) {
    const code = refusalCode(error);
    if (code === "not-found") notFound(url);
    if (code === "permission-denied") forbidden(url.pathname);
    throw error;
  }
  if (found === null) notFound(url);
  return found;
}
