import { forgetOfflinePages } from "../delivery/service-worker-client.ts";
import { authApi } from "./auth-api.ts";

/** Signs out here and in the stored state (other tabs follow through the storage event), then opens `to`. */
export async function signOut(to = "/"): Promise<void> {
  // The auth runtime loads off the first-load path; by now it is usually there already.
  const { authChanged, startAuth } = await import("./auth-runtime.ts");
  // A sign-in step still under way (it fetches the ID token) would otherwise race the sign-out.
  await startAuth().state.settled();
  await authApi.signOut().catch(() => undefined);
  await authChanged();
  await forgetOfflinePages();
  location.assign(to);
}
