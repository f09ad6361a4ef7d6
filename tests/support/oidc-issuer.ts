import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";

/** The few parts of oidc-provider's API used here (the package ships no type declarations). */
interface OidcProvider {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  on(event: "server_error", listener: (ctx: unknown, error: Error) => void): void;
}
type OidcProviderClass = new (issuer: string, configuration: Record<string, unknown>) => OidcProvider;
// A specifier the type checker does not follow (no declarations to find).
const oidcProviderModule: string = "oidc-provider";

/**
 * A person the identity provider knows. Its development login page makes whatever is typed in
 * the login field the account id, which is also the subject (`sub`) of the tokens: type `subject`.
 */
export interface IdpAccount {
  subject: string;
  email: string;
  name: string;
}

/** A confidential client (code flow, PKCE, secret in the token request body). */
export interface IdpClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface OidcIssuer {
  issuer: string;
  /** What the provider reported as its own failures (a test expects none). */
  serverErrors: Error[];
  close(): Promise<void>;
}

/** Runs `build` with oidc-provider's "development-only" start-up warnings silenced (that is what they are for here). */
function withoutDevelopmentWarnings<T>(build: () => T): T {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!args.some((arg) => String(arg).includes("development-only"))) warn(...args);
  };
  try {
    return build();
  } finally {
    console.warn = warn;
  }
}

/**
 * A real OpenID Connect provider (oidc-provider, its development login and consent pages, which
 * also offer "[ Cancel ]") on loopback. Port 0: any free port; the issuer names the one it got.
 */
export async function startOidcIssuer({
  port = 0,
  host = "127.0.0.1",
  clients,
  accounts,
  onServerError,
}: {
  port?: number;
  host?: string;
  clients: IdpClient[];
  accounts: IdpAccount[];
  /** Told of each of the provider's own failures as it happens (they are also kept in `serverErrors`). */
  onServerError?: (error: Error) => void;
}): Promise<OidcIssuer> {
  // Listen first: the issuer names the port the OS assigns, and the provider is built from it.
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: "test-key", alg: "RS256", use: "sig" };
  const { default: Provider } = (await import(/* @vite-ignore */ oidcProviderModule)) as { default: OidcProviderClass };
  const provider = withoutDevelopmentWarnings(
    () =>
      new Provider(issuer, {
        clients: clients.map((client) => ({
          client_id: client.clientId,
          client_secret: client.clientSecret,
          redirect_uris: client.redirectUris,
          grant_types: ["authorization_code"],
          response_types: ["code"],
          token_endpoint_auth_method: "client_secret_post",
        })),
        jwks: { keys: [signingKey] },
        cookies: { keys: ["cookie-signing-key-for-the-loopback-issuer"] },
        scopes: ["openid", "email", "profile"],
        claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
        // Put the scope's claims in the ID token too, as most providers do (the app reads them from there).
        conformIdTokenClaims: false,
        pkce: { required: () => true },
        ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
        features: { devInteractions: { enabled: true } },
        findAccount: (_ctx: unknown, id: string) => {
          const account = accounts.find((candidate) => candidate.subject === id);
          return account
            ? {
                accountId: account.subject,
                claims: () => ({ sub: account.subject, email: account.email, email_verified: true, name: account.name }),
              }
            : undefined;
        },
      }),
  );
  const serverErrors: Error[] = [];
  provider.on("server_error", (_ctx, error) => {
    serverErrors.push(error);
    onServerError?.(error);
  });
  server.on("request", provider.callback());

  return {
    issuer,
    serverErrors,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
