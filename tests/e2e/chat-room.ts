import type { Page } from "@playwright/test";
import chat from "../../locales/vi/chat.json" with { type: "json" };
import { expect, hydrated } from "./fixtures.ts";

/** Opens a conversation and waits until it is live: caught up, and new messages arrive as they are sent. */
export async function openRoom(page: Page, room: string): Promise<void> {
  await page.goto(`/chat?room=${encodeURIComponent(room)}`);
  await hydrated(page);
  await expect(page.locator('section[data-live="true"]')).toBeVisible();
}

/** Sends a message from the open room's composer (Vietnamese page) and waits for the server to take it. */
export async function send(page: Page, text: string): Promise<void> {
  const sent = page.waitForResponse(
    (response) => /\/api\/chat\/rooms\/[^/]+\/messages$/.test(response.url()) && response.request().method() === "POST",
  );
  await page.getByLabel(chat.composer.label, { exact: true }).fill(text);
  await page.getByLabel(chat.composer.label, { exact: true }).press("Enter");
  expect((await sent).status()).toBe(201);
}

/** A message's bubble in the open room, found by its exact text. */
export function bubble(page: Page, text: string) {
  return page.getByRole("listitem").filter({ has: page.getByText(text, { exact: true }) });
}
