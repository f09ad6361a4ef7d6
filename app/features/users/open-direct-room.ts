/**
 * Opens (or finds) the direct room with a member: loaded when the button is pressed, so a profile
 * that is only read never pays for the API client.
 */
import { safeNavigationTarget } from "../../../universal/navigation/safe-navigation.ts";
import { apiJson } from "../../shared/api/json-api.ts";

/** The conversation's path, or the refusal's HTTP status (0: the network failed). */
export async function openDirectRoom(uid: string): Promise<{ path: string } | { status: number }> {
  const answer = await apiJson<{ id: string }>("/api/chat/direct", { body: { uid } });
  if (!answer.ok) return { status: answer.status };
  return { path: safeNavigationTarget(`/chat?room=${encodeURIComponent(answer.data.id)}`).href };
}
