/** The chat texts the server writes: room names, in the viewer's language (`locales/{vi,en-US}/chat.json`). */
import { z } from "zod";
import { namespaceMessages } from "../i18n/namespace-messages.ts";

const chatServerMessages = z.object({
  rooms: z.object({
    global: z.object({ vi: z.string().min(1), "en-US": z.string().min(1) }),
    member: z.string().min(1),
  }),
});

const read = namespaceMessages("chat", chatServerMessages);

export function chatMessagesFor(language: Parameters<typeof read>[0]) {
  const { rooms } = read(language);
  return { globalRoom: rooms.global as Record<string, string>, member: rooms.member };
}
