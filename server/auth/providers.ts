import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { ProviderInfo } from "../../universal/auth/provider-info.ts";
import type { Config } from "../config.ts";

const socialPresets = [
  { id: "google", name: "Google", key: "GOOGLE" },
  { id: "github", name: "GitHub", key: "GITHUB" },
  { id: "discord", name: "Discord", key: "DISCORD" },
  { id: "facebook", name: "Facebook", key: "FACEBOOK" },
] as const;

type SocialId = (typeof socialPresets)[number]["id"];

/** Social providers whose id and secret are both set. */
export function socialProviders(config: Config): Partial<Record<SocialId, { clientId: string; clientSecret: string }>> {
  const out: Partial<Record<SocialId, { clientId: string; clientSecret: string }>> = {};
  for (const preset of socialPresets) {
    const clientId = config[`${preset.key}_CLIENT_ID`];
    const clientSecret = config[`${preset.key}_CLIENT_SECRET`];
    if (clientId && clientSecret) out[preset.id] = { clientId, clientSecret };
  }
  return out;
}

/** The generic OpenID Connect provider, when its issuer and client id are set. */
export function oidcProvider(config: Config) {
  if (!config.OIDC_ISSUER || !config.OIDC_CLIENT_ID) return undefined;
  return {
    providerId: "oidc",
    discoveryUrl: `${config.OIDC_ISSUER.replace(/\/$/, "")}/.well-known/openid-configuration`,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    scopes: ["openid", "email", "profile"],
    pkce: true,
    // Only a provider whose discovery names its issuer and keys: every ID token is then checked
    // against them (signature, `iss`, `aud`, nonce), and the issuer against OIDC_ISSUER below.
    requireIdTokenVerification: true,
  };
}

/** The provider a sign-in request names (as better-auth's genericOAuth reads it). */
function requestedProvider(ctx: { body?: unknown; query?: unknown; params?: unknown }): unknown {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const query = (ctx.query ?? {}) as Record<string, unknown>;
  const params = (ctx.params ?? {}) as Record<string, unknown>;
  return body.provider ?? body.providerId ?? query.provider ?? params.id;
}

/**
 * Refuses to sign in through the OpenID provider unless the issuer its discovery document names is
 * exactly `OIDC_ISSUER` (OpenID Connect Discovery §4.3). better-auth checks each ID token's `iss`
 * against the discovered issuer, not against the configured one: a discovery document (or a
 * redirect on the way to it) naming another issuer would otherwise make that issuer's tokens
 * acceptable. Mounted after genericOAuth, so a discovery retried on this request is checked too.
 */
export function oidcIssuerCheck(config: Config, onMismatch: (discovered: unknown) => void): BetterAuthPlugin {
  const expected = config.OIDC_ISSUER;
  return {
    id: "oidc-issuer-check",
    hooks: {
      before: [
        {
          matcher: (ctx) => expected !== undefined && requestedProvider(ctx) === "oidc",
          handler: createAuthMiddleware(async (ctx) => {
            const provider = ctx.context.socialProviders.find((candidate) => candidate.id === "oidc") as { issuer?: unknown } | undefined;
            // Not discovered (yet): better-auth answers that the provider is unknown.
            if (!provider) return;
            if (provider.issuer === expected) return;
            onMismatch(provider.issuer);
            throw new APIError("BAD_REQUEST", {
              code: "OIDC_ISSUER_MISMATCH",
              message: "The sign-in provider is not the one this site is set up for.",
            });
          }),
        },
      ],
    },
  };
}

export function listProviders(config: Config): ProviderInfo[] {
  const social = socialPresets
    .filter((preset) => socialProviders(config)[preset.id])
    .map((preset) => ({ id: preset.id, name: preset.name, kind: "social" as const }));
  return oidcProvider(config) ? [...social, { id: "oidc", name: config.OIDC_NAME, kind: "oidc" }] : social;
}
