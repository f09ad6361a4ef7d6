import { authApi, AuthApiError, type SessionUser } from "./auth-api.ts";
import { createAuthState, type AuthService, type AuthState, type ProviderUser } from "./auth-state.ts";
import { onSessionMayChange } from "./session-signals.ts";
import { logPageError } from "../page/page-errors.ts";

const TOKEN_REFRESH_MS = 10 * 60 * 1000;

const toProviderUser = (user: SessionUser): ProviderUser => ({
  uid: user.id,
  email: user.email,
  displayName: user.name,
  photoURL: user.image ?? null,
});

/**
 * The identity provider seen from the browser: the current session, re-read when this tab signs
 * in or out, when another tab does (a storage event on `userData`), and when the tab comes back.
 */
function createSessionService(): AuthService & { check(): Promise<void> } {
  const listeners = new Set<(user: ProviderUser | null) => Promise<void> | void>();
  let known: string | null | undefined;
  async function check(): Promise<void> {
    let session;
    try {
      session = await authApi.getSession();
    } catch {
      return; // Offline: keep what we have.
    }
    const user = session?.user ? toProviderUser(session.user) : null;
    if (user?.uid === known && known !== undefined) return;
    known = user?.uid ?? null;
    await Promise.all([...listeners].map((listener) => listener(user)));
  }
  onSessionMayChange(() => void check());
  return {
    check,
    onAuthStateChanged(listener) {
      listeners.add(listener);
      known = undefined; // A new listener always hears the current state.
      void check();
      return () => listeners.delete(listener);
    },
    async getIdToken() {
      try {
        return (await authApi.getToken()).token;
      } catch (error) {
        // Signed out meanwhile (here or in another tab): no token, and nothing wrong.
        if (error instanceof AuthApiError && error.status === 401) return null;
        throw error;
      }
    },
  };
}

let runtime: { state: AuthState; check(): Promise<void> } | undefined;

/** Starts the auth state once per page (loaded lazily, off the first-load path). */
export function startAuth(): { state: AuthState; check(): Promise<void> } {
  if (runtime) return runtime;
  const service = createSessionService();
  const state = createAuthState({
    storage: localStorage,
    service,
    syncProfile: () => authApi.syncProfile(),
    sessionEnded: (error) => error instanceof AuthApiError && error.status === 401,
    sendAnalytics: (name, params) =>
      authApi.recordEvent(name, params).then(
        () => undefined,
        () => undefined,
      ),
    language: () => document.documentElement.lang,
    logError: logPageError,
    schedule: (fn, ms) => setTimeout(fn, ms),
  });
  state.start();
  setInterval(() => {
    if (state.isAuthenticated) void state.refreshToken().catch(() => undefined);
  }, TOKEN_REFRESH_MS);
  runtime = { state, check: () => service.check() };
  return runtime;
}

/**
 * How long a page that has just signed in or out waits for the sign-in step (profile, token, the
 * 'login' event) before it moves on: a page that leaves sooner (the login page loads its target)
 * would cancel the step's requests and lose the event; a busy phone or server can take a few seconds.
 */
const SIGN_IN_SETTLE_MS = 15_000;

/**
 * After this tab signs in or out: let the auth state catch up now. A visitor's page starts the auth
 * state only when it is needed, so it may start here: its listener attaches after 100 ms,
 * and the sign-in step (profile, token, event) follows the listener's first report.
 */
export async function authChanged(): Promise<void> {
  const { state, check } = startAuth();
  await check();
  await state.settled(SIGN_IN_SETTLE_MS);
}
