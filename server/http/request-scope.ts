/**
 * What the code under a request may need without every function passing it down: the address the
 * request came from (the audit log records it beside each decision). Set once per request in
 * `create-app.ts`, right after the client's address is resolved; outside a request (a job, a test
 * calling a domain function) it is undefined.
 */
import { AsyncLocalStorage } from "node:async_hooks";

interface RequestScope {
  clientIp: string | null;
}

const scope = new AsyncLocalStorage<RequestScope>();

export function runInRequestScope<T>(value: RequestScope, run: () => T): T {
  return scope.run(value, run);
}

/** The current request's client address, or null outside a request (or when it is unknown). */
export function requestClientIp(): string | null {
  return scope.getStore()?.clientIp ?? null;
}
