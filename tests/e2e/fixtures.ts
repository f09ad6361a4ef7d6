import { test as base, expect, type Page } from "@playwright/test";

/** Console messages that mean a defect: errors, and React's hydration complaints at any level. */
function isProblem(type: string, text: string): boolean {
  if (type === "error") return true;
  return /hydrat|did not match|server rendered/i.test(text);
}

export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (isProblem(message.type(), message.text())) problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      await use(problems);
    },
    { auto: true },
  ],
});

/** Sets the language before the first request, as a returning visitor would have it. */
export async function useLanguage(page: Page, language: "vi" | "en-US"): Promise<void> {
  const url = new URL(test.info().project.use.baseURL ?? "http://127.0.0.1");
  await page.context().addCookies([{ name: "locale", value: language, domain: url.hostname, path: "/" }]);
  await page.addInitScript((lang) => {
    if (!localStorage.getItem("lang")) localStorage.setItem("lang", lang);
  }, language);
}

/** Waits until React has hydrated the page (the client router is live). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => "__reactRouterRouteModules" in window && document.readyState === "complete");
}

export { expect };
