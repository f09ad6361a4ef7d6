import type { AuthProfile } from "./auth-state.ts";

/**
 * The browser's calls to the identity provider (`/api/auth/*`) and the profile API, with their
 * failures turned into one error type whose code maps to a translated message.
 */
export class AuthApiError extends Error {
  readonly code: string;
  readonly status: number;
  constructor(code: string, status: number, message = code) {
    super(message);
    this.name = "AuthApiError";
    this.code = code;
    this.status = status;
  }
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image?: string | null;
}

export interface SessionInfo {
  id: string;
  token: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  ipAddress?: string | null;
  userAgent?: string | null;
}

async function request<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: init.body === undefined ? undefined : { "Content-Type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "same-origin",
    });
  } catch {
    throw new AuthApiError("NETWORK_ERROR", 0);
  }
  const text = await response.text();
  const data = text ? (JSON.parse(text) as unknown) : null;
  if (!response.ok) {
    const body = (data ?? {}) as { code?: string; message?: string; error?: { code?: string; message?: string } };
    const code = body.code ?? body.error?.code ?? (response.status === 429 ? "TOO_MANY_REQUESTS" : `HTTP_${response.status}`);
    throw new AuthApiError(code, response.status, body.message ?? body.error?.message);
  }
  return data as T;
}

export const authApi = {
  getSession: () => request<{ user: SessionUser; session: SessionInfo } | null>("/api/auth/get-session"),
  signInEmail: (body: { email: string; password: string; rememberMe?: boolean }) => request("/api/auth/sign-in/email", { body }),
  signUpEmail: (body: { email: string; password: string; name: string }) => request("/api/auth/sign-up/email", { body }),
  signOut: () => request("/api/auth/sign-out", { body: {} }),
  requestPasswordReset: (email: string) =>
    request("/api/auth/request-password-reset", { body: { email, redirectTo: "/login?mode=reset" } }),
  resetPassword: (token: string, newPassword: string) => request("/api/auth/reset-password", { body: { token, newPassword } }),
  changePassword: (currentPassword: string, newPassword: string) =>
    request("/api/auth/change-password", { body: { currentPassword, newPassword } }),
  listSessions: () => request<SessionInfo[]>("/api/auth/list-sessions"),
  revokeOtherSessions: () => request("/api/auth/revoke-other-sessions", { body: {} }),
  revokeSession: (token: string) => request("/api/auth/revoke-session", { body: { token } }),
  getToken: () => request<{ token: string }>("/api/auth/token"),
  /** Where to send the browser to sign in with a social or OpenID provider (both go through `sign-in/social`). */
  async providerSignInUrl(provider: { id: string }, callbackURL: string): Promise<string> {
    const body = { provider: provider.id, callbackURL, errorCallbackURL: "/login?error=provider" };
    return (await request<{ url: string }>("/api/auth/sign-in/social", { body })).url;
  },
  syncProfile: () => request<AuthProfile>("/api/profile/sync", { body: {} }),
  recordEvent: (name: string, params: Record<string, string>) => request("/api/analytics", { body: { name, params } }),
};

/** The translation key (namespace `auth`) for a failure of the identity provider. */
export function authErrorKey(error: unknown): string {
  const code = error instanceof AuthApiError ? error.code : "UNKNOWN";
  if (code === "INVALID_EMAIL_OR_PASSWORD" || code === "CREDENTIAL_ACCOUNT_NOT_FOUND") return "errors.invalidCredential";
  if (code.startsWith("USER_ALREADY_EXISTS")) return "errors.emailInUse";
  if (code === "BANNED_USER") return "errors.userDisabled";
  if (code === "PASSWORD_TOO_SHORT") return "errors.passwordTooShort";
  if (code === "PASSWORD_TOO_LONG") return "errors.passwordTooLong";
  if (code === "PASSWORD_TOO_COMMON") return "errors.passwordWeak";
  if (code === "TOO_MANY_REQUESTS") return "errors.tooManyAttempts";
  if (code === "NETWORK_ERROR") return "errors.network";
  // Our API's 503: work refused for capacity, or a database statement given up (server/errors.ts).
  if (code === "unavailable") return "errors.busy";
  if (code === "INVALID_EMAIL") return "errors.invalidEmail";
  if (code === "INVALID_NAME") return "errors.nameRequired";
  if (code === "NAME_CHARACTERS") return "errors.nameCharacters";
  if (code === "NAME_RESERVED" || code === "name-reserved") return "errors.nameReserved";
  if (code === "INVALID_TOKEN") return "errors.resetLinkInvalid";
  if (code === "INVALID_PASSWORD") return "errors.wrongCurrentPassword";
  if (code === "PROVIDER_REDIRECT_FAILED") return "errors.redirectFailed";
  if (code === "sign-ups-closed" || code === "SIGN_UPS_CLOSED") return "errors.signUpsClosed";
  return "errors.unknown";
}
