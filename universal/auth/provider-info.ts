/** A sign-in provider the deployment configured, as the login page lists it. */
export interface ProviderInfo {
  id: string;
  name: string;
  kind: "social" | "oidc";
}
