/** The texts of `locales/{vi,en-US}/delivery.json`: the web app manifest, the worker's "needs the network" page. */
import { z } from "zod";
import { namespaceMessages } from "../i18n/namespace-messages.ts";

const deliveryMessages = z.object({
  manifest: z.object({ name: z.string().includes("{{appTitle}}"), shortName: z.string().min(1).max(12), description: z.string().min(1) }),
  needsNetwork: z.object({ title: z.string().min(1), body: z.string().min(1), retry: z.string().min(1) }),
});
export type DeliveryMessages = z.infer<typeof deliveryMessages>;

export const deliveryMessagesFor = namespaceMessages("delivery", deliveryMessages);
