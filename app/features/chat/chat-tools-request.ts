/**
 * How the conversation's plain code asks for a dialog (report a message, mute its author): the request
 * waits on the window, the `chat-tools` island is woken (a focus inside it wakes a `used` island, decision
 * 032), and once awake it takes the request, then every next one by the event. No React.
 */
export type ChatToolRequest = { kind: "report"; id: number } | { kind: "mute"; uid: string; name: string };

export const CHAT_TOOL_EVENT = "minithings:chat-tool";

declare global {
  interface Window {
    minithingsChatTool?: ChatToolRequest;
  }
}

export function requestChatTool(request: ChatToolRequest, doc: Document = document): void {
  const view = doc.defaultView;
  if (!view) return;
  view.minithingsChatTool = request;
  doc.querySelector('[data-island="chat-tools"]')?.dispatchEvent(new FocusEvent("focusin"));
  doc.dispatchEvent(new CustomEvent(CHAT_TOOL_EVENT));
}

/** The waiting request, taken (once). */
export function takeChatTool(view: Window = window): ChatToolRequest | undefined {
  const request = view.minithingsChatTool;
  view.minithingsChatTool = undefined;
  return request;
}
