/**
 * The browser's auth state: `user` and `isAuthenticated`, restored from
 * localStorage at start-up, the auth listener attached after 100 ms (skipped without an auth
 * service), the profile step on sign-in with a minimal-user fallback, `userToken` / `userData` kept
 * in localStorage, a 'login' analytics event, and sign-out clearing both keys.
 * Everything it touches is passed in, so the machine is unit-tested without a browser.
 */
import { USER_DATA_KEY, USER_TOKEN_KEY } from "./session-signals.ts";

export { USER_DATA_KEY, USER_TOKEN_KEY };
export const AUTH_LISTENER_DELAY_MS = 100;

export interface AuthProfile {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL?: string | null;
  role: string;
  tag?: string;
  title?: string;
  level?: number;
  createdAt?: number;
  updatedAt?: number | null;
  lastLoginAt?: number | null;
}

/** What the identity provider reports: who is signed in, or nobody. */
export interface ProviderUser {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string | null;
}

export interface AuthService {
  /** The listener's promise settles when the sign-in or sign-out step is done. */
  onAuthStateChanged(listener: (user: ProviderUser | null) => Promise<void> | void): () => void;
  getIdToken(): Promise<string | null>;
}

export interface AuthStateDeps {
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem">;
  /** Absent when the identity provider could not be reached or configured: the listener is skipped. */
  service: AuthService | null;
  /** The profile step (read by uid, create or merge); throws when it fails. */
  syncProfile(user: ProviderUser): Promise<AuthProfile>;
  /** Whether a failure of the profile step means the session ended meanwhile (not a profile failure). */
  sessionEnded?(error: unknown): boolean;
  /** Sends an analytics event; the sign-in step waits for it (it never fails: a lost event is not an error). */
  sendAnalytics(name: string, params: Record<string, string>): Promise<void> | void;
  language(): string;
  logError(message: string, error: unknown): void;
  schedule(fn: () => void, ms: number): unknown;
}

export interface AuthSnapshot {
  user: AuthProfile | null;
  isAuthenticated: boolean;
}

export function createAuthState(deps: AuthStateDeps) {
  let user: AuthProfile | null = null;
  const listeners = new Set<(snapshot: AuthSnapshot) => void>();
  let unsubscribe: (() => void) | undefined;
  let pending: Promise<void> = Promise.resolve();
  let firstReport: () => void = () => {};
  const reported = new Promise<void>((resolve) => (firstReport = resolve));

  const snapshot = (): AuthSnapshot => ({ user, isAuthenticated: user !== null });
  const setUser = (next: AuthProfile | null) => {
    user = next;
    for (const listener of listeners) listener(snapshot());
  };

  function restore(): void {
    const stored = deps.storage.getItem(USER_DATA_KEY);
    if (stored === null) return;
    try {
      const parsed = JSON.parse(stored) as AuthProfile;
      if (!parsed || typeof parsed !== "object" || typeof parsed.uid !== "string") throw new Error("not a profile");
      setUser(parsed);
    } catch {
      deps.storage.removeItem(USER_DATA_KEY);
    }
  }

  async function storeToken(): Promise<void> {
    const token = await deps.service?.getIdToken();
    if (token) deps.storage.setItem(USER_TOKEN_KEY, token);
  }

  async function signedIn(reported: ProviderUser): Promise<void> {
    const already = user?.uid === reported.uid;
    let profile: AuthProfile;
    try {
      profile = await deps.syncProfile(reported);
    } catch (error) {
      if (deps.sessionEnded?.(error)) {
        signedOut();
        return;
      }
      deps.logError("Sign-in handling failed; continuing with a minimal user", error);
      profile = { uid: reported.uid, email: reported.email, displayName: reported.displayName, photoURL: reported.photoURL, role: "user" };
    }
    setUser(profile);
    deps.storage.setItem(USER_DATA_KEY, JSON.stringify(profile));
    try {
      await storeToken();
    } catch (error) {
      deps.logError("Could not get the ID token", error);
    }
    // A page load with a session already restored is not a new sign-in. The step waits for the event,
    // so that a page leaving once it has settled (the login page) does not cancel it under way.
    if (!already) {
      await deps.sendAnalytics("login", { language: deps.language(), user_id: profile.email ?? "", user_name: profile.displayName ?? "" });
    }
  }

  function signedOut(): void {
    setUser(null);
    deps.storage.removeItem(USER_TOKEN_KEY);
    deps.storage.removeItem(USER_DATA_KEY);
  }

  return {
    get user() {
      return user;
    },
    get isAuthenticated() {
      return user !== null;
    },
    /** Start-up: restore, then attach the listener after 100 ms. */
    start(): void {
      restore();
      deps.schedule(() => {
        if (!deps.service) {
          firstReport();
          return;
        }
        unsubscribe = deps.service.onAuthStateChanged((reportedUser) => {
          if (reportedUser) {
            pending = signedIn(reportedUser).finally(firstReport);
            return pending;
          }
          if (user !== null || deps.storage.getItem(USER_DATA_KEY) !== null) signedOut();
          firstReport();
        });
      }, AUTH_LISTENER_DELAY_MS);
    },
    /**
     * Settles once the provider has first reported and the sign-in step under way (profile, token,
     * event) is done, or after `timeoutMs`: a sign-out waits for it so the two never race.
     */
    settled(timeoutMs = 3000): Promise<void> {
      const done = reported.then(() => pending).catch(() => undefined);
      return Promise.race([done, new Promise<void>((resolve) => setTimeout(resolve, timeoutMs))]);
    },
    /** Refreshes the stored ID token (it is short-lived). */
    refreshToken: storeToken,
    subscribe(listener: (snapshot: AuthSnapshot) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop(): void {
      unsubscribe?.();
    },
  };
}

export type AuthState = ReturnType<typeof createAuthState>;
