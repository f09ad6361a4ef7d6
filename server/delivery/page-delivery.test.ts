import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { cacheableQuery, createPageDelivery, type RenderPage } from "./page-delivery.ts";
import { RenderCache } from "./render-cache.ts";

const ORIGIN = "http://localhost:4040";

/** A stand-in for React Router: echoes the language cookie and the nonce, and reports loader data. */
function fakeRenderer(status = 200, extraHeaders: Record<string, string> = {}) {
  let renders = 0;
  const render: RenderPage = async (request, capture) => {
    renders += 1;
    const cookie = request.headers.get("cookie") ?? "";
    capture({ root: { viewer: null, secret: cookie }, "routes/page": { path: new URL(request.url).pathname, render: renders } });
    return new Response(`<script nonce="${(request.headers.get("x-nonce") ?? "n0").trim()}">${cookie}</script>#${renders}`, {
      status,
      headers: { "Content-Type": "text/html", ...extraHeaders },
    });
  };
  return { render, count: () => renders };
}

function delivery(contentVersion = "c1") {
  let version = contentVersion;
  const pages = createPageDelivery({ cache: new RenderCache(10_000_000), buildId: async () => "b1", contentVersion: async () => version });
  return { pages, setVersion: (next: string) => (version = next) };
}

const page = (path: string, headers: Record<string, string> = {}) => new Request(`${ORIGIN}${path}`, { headers });

describe("cacheableQuery", () => {
  it("keeps an entry id and a language only, normalized", () => {
    expect(cacheableQuery(new URL(`${ORIGIN}/mounts`))).toBe("");
    expect(cacheableQuery(new URL(`${ORIGIN}/mounts/detail?lang=en-US&id=storm-horse`))).toBe("?id=storm-horse&lang=en-US");
    expect(cacheableQuery(new URL(`${ORIGIN}/equipments-items?type=weapon`))).toBeNull();
    expect(cacheableQuery(new URL(`${ORIGIN}/mounts/detail?id=UPPER`))).toBeNull();
    expect(cacheableQuery(new URL(`${ORIGIN}/mounts?lang=fr`))).toBeNull();
  });
});

describe("page delivery", () => {
  it("renders a prerendered page once per language and content version, with each answer's own nonce", async () => {
    const { pages, setVersion } = delivery();
    const { render, count } = fakeRenderer();
    const first = await pages.document(page("/mounts", { "x-nonce": "AAA" }), render, { nonce: "AAA", anonymous: true });
    expect(first.headers.get("X-Render-Cache")).toBe("miss");
    const second = await pages.document(page("/mounts", { "x-nonce": "BBB" }), render, { nonce: "BBB", anonymous: true });
    expect(second.headers.get("X-Render-Cache")).toBe("hit");
    expect(await second.text()).toBe('<script nonce="BBB"></script>#1');
    expect(second.headers.get("Vary")).toContain("Cookie");
    const english = await pages.document(page("/mounts", { cookie: "locale=en-US" }), render, { nonce: "C", anonymous: true });
    expect(english.headers.get("X-Render-Cache")).toBe("miss");
    setVersion("c2");
    const afterEdit = await pages.document(page("/mounts"), render, { nonce: "D", anonymous: true });
    expect(afterEdit.headers.get("X-Render-Cache")).toBe("miss");
    expect(count()).toBe(3);
  });

  it("renders live for signed-in visitors, filtered lists, other methods and pages that are not prerendered", async () => {
    const { pages } = delivery();
    const { render, count } = fakeRenderer();
    await pages.document(page("/mounts"), render, { nonce: "n", anonymous: true });
    const signedIn = await pages.document(page("/mounts", { cookie: "session=1" }), render, { nonce: "n", anonymous: false });
    expect(signedIn.headers.get("X-Render-Cache")).toBeNull();
    expect(await signedIn.text()).toContain("session=1");
    await pages.document(page("/equipments-items?type=weapon"), render, { nonce: "n", anonymous: true });
    await pages.document(page("/equipments-items?type=weapon"), render, { nonce: "n", anonymous: true });
    await pages.document(page("/me"), render, { nonce: "n", anonymous: true });
    await pages.document(new Request(`${ORIGIN}/mounts`, { method: "POST" }), render, { nonce: "n", anonymous: true });
    expect(count()).toBe(6);
  });

  it("never stores a failed page or one that sets a cookie", async () => {
    const { pages } = delivery();
    const missing = fakeRenderer(404);
    await pages.document(page("/mounts/detail?id=nope"), missing.render, { nonce: "n", anonymous: true });
    const again = await pages.document(page("/mounts/detail?id=nope"), missing.render, { nonce: "n", anonymous: true });
    expect(again.status).toBe(404);
    expect(missing.count()).toBe(2);
    const cookie = fakeRenderer(200, { "Set-Cookie": "a=b" });
    await pages.document(page("/class"), cookie.render, { nonce: "n", anonymous: true });
    await pages.document(page("/class"), cookie.render, { nonce: "n", anonymous: true });
    expect(cookie.count()).toBe(2);
  });

  it("answers a page's payload: its routes' data without the root's, with an ETag and 304", async () => {
    const { pages } = delivery();
    const { render, count } = fakeRenderer();
    const request = page("/mounts/detail/_payload.json?b0&id=storm-horse", { cookie: "locale=en-US; session=secret" });
    const response = await pages.payload(request, render, "n");
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ buildId: "b1", contentVersion: "c1", language: "en-US", path: "/mounts/detail?id=storm-horse" });
    expect(body.data).toEqual({ "routes/page": { path: "/mounts/detail", render: 1 } });
    expect(JSON.stringify(body)).not.toContain("secret");
    const tag = response.headers.get("ETag") ?? "";
    expect(tag).toMatch(/^W\/"/);
    const cached = await pages.payload(
      page("/mounts/detail/_payload.json?b1&id=storm-horse", { cookie: "locale=en-US", "If-None-Match": tag }),
      render,
      "n",
    );
    expect(cached.status).toBe(304);
    expect(count()).toBe(1);
    const home = await pages.payload(page("/_payload.json?b1"), render, "n");
    expect(((await home.json()) as { path: string }).path).toBe("/");
  });

  it("refuses payloads of pages that are not prerendered, and of unknown entries", async () => {
    const { pages } = delivery();
    await expect(pages.payload(page("/me/_payload.json?b1"), fakeRenderer().render, "n")).rejects.toThrow(AppError);
    await expect(pages.payload(page("/mounts/_payload.json?b1&sort=x"), fakeRenderer().render, "n")).rejects.toMatchObject({
      code: "invalid-argument",
    });
    await expect(pages.payload(page("/mounts/detail/_payload.json?b1&id=nope"), fakeRenderer(404).render, "n")).rejects.toMatchObject({
      code: "not-found",
    });
  });
});
