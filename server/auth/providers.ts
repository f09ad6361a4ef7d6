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
  };
}

export function listProviders(config: Config): ProviderInfo[] {
  const social = socialPresets
    .filter((preset) => socialProviders(config)[preset.id])
    .map((preset) => ({ id: preset.id, name: preset.name, kind: "social" as const }));
  return oidcProvider(config) ? [...social, { id: "oidc", name: config.OIDC_NAME, kind: "oidc" }] : social;
}
