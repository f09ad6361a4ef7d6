import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { AppError } from "../errors.ts";
import {
  cacheableQuery,
  CONTENT_VERSION_TTL_MS,
  createPageDelivery,
  sealInlineScripts,
  type PageAnswer,
  type PageDelivery,
  type RenderPage,
} from "./page-delivery.ts";
import { RenderCache } from "./render-cache.ts";

const ORIGIN = "http://localhost:4040";
const SESSION = "better-auth.session_token=abc.def";
const THEME_SCRIPT = 'document.documentElement.dataset.theme="dark"';
const ENTRY_SCRIPT = 'import("/assets/entry.js");\r\nwindow.ready=1';
const INJECTED_SCRIPT = "alert(document.cookie)";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/**
 * A stand-in for React Router: our inline scripts and links carry the render's nonce, a guide's
 * content carries a script nobody gave a nonce, the cookie shows in the page, loader data is reported.
 */
function fakeRenderer(status = 200, extraHeaders: Record<string, string> = {}) {
  let renders = 0;
  const nonces: string[] = [];
  const render: RenderPage = async (request, { nonce, capture }) => {
    renders += 1;
    nonces.push(nonce);
    const cookie = request.headers.get("cookie") ?? "";
    capture({ root: { viewer: null, secret: cookie }, "routes/page": { path: new URL(request.url).pathname, render: renders } });
    const html = [
      `<!DOCTYPE html><html><head><script nonce="${nonce}">${THEME_SCRIPT}</script>`,
      `<link rel="modulepreload" href="/assets/entry.js" nonce="${nonce}"/></head>`,
      `<body><p>${cookie}</p><div class="prose"><script>${INJECTED_SCRIPT}</script></div>`,
      `<script nonce="${nonce}" type="module" async="">${ENTRY_SCRIPT}</script>`,
      `<script src="/assets/other.js" nonce="${nonce}"></script>#${renders}</body></html>`,
    ].join("");
    return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8", ...extraHeaders } });
  };
  return { render, count: () => renders, nonces };
}

function delivery(contentVersion = "c1") {
  let version = contentVersion;
  let time = 1_000_000;
  const readVersion = vi.fn(async () => version);
  const changes = new Map<string, number>();
  const pages = createPageDelivery({
    cache: new RenderCache(10_000_000),
    buildId: async () => "b1",
    contentVersion: readVersion,
    pageVersion: (pathname) => changes.get(pathname) ?? 0,
    now: () => time,
  });
  return {
    pages,
    readVersion,
    changed: (pathname: string) => changes.set(pathname, (changes.get(pathname) ?? 0) + 1),
    setVersion: (next: string) => (version = next),
    advance: (ms: number) => (time += ms),
  };
}

const page = (path: string, headers: Record<string, string> = {}) => new Request(`${ORIGIN}${path}`, { headers });
const visitor = { nonce: "REQUESTNONCE", anonymous: true };
const bytesOf = async (answer: PageAnswer) => Buffer.from(await answer.response.arrayBuffer());

/** The cache's answer to a request it must hold. */
async function fromCache(pages: PageDelivery, request: Request): Promise<PageAnswer> {
  const answer = await pages.cached(request);
  if (!answer) throw new Error(`${request.url} is not answered from the cache`);
  return answer;
}

describe("cacheableQuery", () => {
  it("keeps an entry id and a language only, normalized", () => {
    expect(cacheableQuery(new URL(`${ORIGIN}/mounts`))).toBe("");
    expect(cacheableQuery(new URL(`${ORIGIN}/mounts/detail?lang=en-US&id=storm-horse`))).toBe("?id=storm-horse&lang=en-US");
    expect(cacheableQuery(new URL(`${ORIGIN}/equipments-items?type=weapon`))).toBeNull();
    expect(cacheableQuery(new URL(`${ORIGIN}/mounts/detail?id=UPPER`))).toBeNull();
    expect(cacheableQuery(new URL(`${ORIGIN}/mounts?lang=fr`))).toBeNull();
    expect(cacheableQuery(new URL(`${ORIGIN}/mounts?lang=vi&lang=en-US`))).toBeNull();
  });

  it("keeps the parameters a page's rule names, with the values it names, and no others", () => {
    const feed = { in: ["vi", "en-US", "all"], sort: ["new", "top"] };
    expect(cacheableQuery(new URL(`${ORIGIN}/feed?sort=top&in=all`), feed)).toBe("?in=all&sort=top");
    expect(cacheableQuery(new URL(`${ORIGIN}/feed?id=12`), feed)).toBe("?id=12");
    expect(cacheableQuery(new URL(`${ORIGIN}/feed?sort=old`), feed)).toBeNull();
    expect(cacheableQuery(new URL(`${ORIGIN}/feed?sort=top&sort=new`), feed)).toBeNull();
    expect(cacheableQuery(new URL(`${ORIGIN}/feed?cursor=abc`), feed)).toBeNull();
    expect(cacheableQuery(new URL(`${ORIGIN}/mounts?sort=top`))).toBeNull();
  });
});

describe("sealInlineScripts", () => {
  it("hashes only the inline scripts that carry the render's nonce, and removes the nonce", () => {
    const html = [
      `<script nonce="N1">${THEME_SCRIPT}</script>`,
      `<script>${INJECTED_SCRIPT}</script>`,
      `<script nonce="N1" type="module">${ENTRY_SCRIPT}</script>`,
      `<script nonce="N1">${THEME_SCRIPT}</script>`,
      `<script src="/a.js" nonce="N1"></script>`,
    ].join("");
    const sealed = sealInlineScripts(html, "N1");
    expect(sealed.scriptHashes).toEqual([sha256(THEME_SCRIPT), sha256(ENTRY_SCRIPT.replace("\r\n", "\n"))]);
    expect(sealed.html).not.toContain("N1");
    expect(sealed.html).toContain(`<script>${INJECTED_SCRIPT}</script>`);
  });
});

describe("page delivery", () => {
  it("renders a cached page once per language and content version, and answers the same bytes every time", async () => {
    const { pages, setVersion, advance } = delivery();
    const { render, count } = fakeRenderer();
    const first = await pages.document(page("/mounts"), render, visitor);
    expect(first.response.headers.get("X-Render-Cache")).toBe("miss");
    const second = await pages.document(page("/mounts"), render, { ...visitor, nonce: "OTHER" });
    expect(second.response.headers.get("X-Render-Cache")).toBe("hit");
    const early = await fromCache(pages, page("/mounts"));
    expect(early.response.headers.get("X-Render-Cache")).toBe("hit");
    const bytes = await bytesOf(first);
    expect((await bytesOf(second)).equals(bytes)).toBe(true);
    expect((await bytesOf(early)).equals(bytes)).toBe(true);
    expect(first.response.headers.get("ETag")).toBe(early.response.headers.get("ETag"));
    const english = await pages.document(page("/mounts", { cookie: "locale=en-US" }), render, visitor);
    expect(english.response.headers.get("X-Render-Cache")).toBe("miss");
    setVersion("c2");
    advance(CONTENT_VERSION_TTL_MS);
    expect(await pages.cached(page("/mounts"))).toBeUndefined();
    const afterEdit = await pages.document(page("/mounts"), render, visitor);
    expect(afterEdit.response.headers.get("X-Render-Cache")).toBe("miss");
    expect(count()).toBe(3);
  });

  it("asks for the content version at most once per interval", async () => {
    const { pages, readVersion, advance } = delivery();
    const { render } = fakeRenderer();
    await pages.document(page("/mounts"), render, visitor);
    for (let index = 0; index < 5; index += 1) await fromCache(pages, page("/mounts"));
    expect(readVersion).toHaveBeenCalledOnce();
    advance(CONTENT_VERSION_TTL_MS);
    await fromCache(pages, page("/mounts"));
    expect(readVersion).toHaveBeenCalledTimes(2);
  });

  it("names the page's own inline scripts by hash for its CSP, never the injected one, and keeps no nonce", async () => {
    const { pages } = delivery();
    const { render, nonces } = fakeRenderer();
    const answer = await pages.document(page("/mounts"), render, visitor);
    expect(answer.scriptHashes).toEqual([sha256(THEME_SCRIPT), sha256(ENTRY_SCRIPT.replace("\r\n", "\n"))]);
    expect(answer.scriptHashes).not.toContain(sha256(INJECTED_SCRIPT));
    const html = (await bytesOf(answer)).toString();
    expect(nonces[0]).not.toBe(visitor.nonce);
    expect(html).not.toContain(nonces[0]);
    expect(html).not.toContain("nonce=");
    expect(html).toContain(`<script type="module" async="">${ENTRY_SCRIPT}</script>`);
  });

  it("sends brotli, gzip or the bytes as they are by Accept-Encoding, each compressed once", async () => {
    const { pages } = delivery();
    const { render } = fakeRenderer();
    const identity = await pages.document(page("/mounts"), render, visitor);
    expect(identity.response.headers.get("Content-Encoding")).toBeNull();
    const html = await bytesOf(identity);
    const brotli = await fromCache(pages, page("/mounts", { "Accept-Encoding": "gzip, deflate, br" }));
    expect(brotli.response.headers.get("Content-Encoding")).toBe("br");
    const brotliBytes = await bytesOf(brotli);
    expect(brotliDecompressSync(brotliBytes).equals(html)).toBe(true);
    const again = await fromCache(pages, page("/mounts", { "Accept-Encoding": "br" }));
    expect((await bytesOf(again)).equals(brotliBytes)).toBe(true);
    const gzip = await fromCache(pages, page("/mounts", { "Accept-Encoding": "gzip" }));
    expect(gzip.response.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(await bytesOf(gzip)).equals(html)).toBe(true);
    expect(gzip.response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
  });

  it("tags each encoding with a strong ETag and answers 304 when the client holds it", async () => {
    const { pages } = delivery();
    const { render } = fakeRenderer();
    await pages.document(page("/mounts"), render, visitor);
    const tagFor = async (encoding: string) =>
      (await fromCache(pages, page("/mounts", { "Accept-Encoding": encoding }))).response.headers.get("ETag") ?? "";
    const [brTag, gzipTag, identityTag] = [await tagFor("br"), await tagFor("gzip"), await tagFor("identity")];
    for (const tag of [brTag, gzipTag, identityTag]) expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(new Set([brTag, gzipTag, identityTag]).size).toBe(3);
    const revalidated = await fromCache(pages, page("/mounts", { "Accept-Encoding": "br", "If-None-Match": `"old", ${brTag}` }));
    expect(revalidated.response.status).toBe(304);
    expect(await revalidated.response.text()).toBe("");
    expect(revalidated.response.headers.get("ETag")).toBe(brTag);
    expect(revalidated.response.headers.get("Cache-Control")).toMatch(/^public, /);
    expect(revalidated.response.headers.get("Vary")).toBe("Accept-Encoding, Cookie");
    const otherEncoding = await fromCache(pages, page("/mounts", { "Accept-Encoding": "gzip", "If-None-Match": brTag }));
    expect(otherEncoding.response.status).toBe(200);
    const onMiss = await pages.document(page("/class", { "If-None-Match": '"nothing"' }), fakeRenderer().render, visitor);
    expect(onMiss.response.status).toBe(200);
  });

  it("lets shared caches keep a visitor's page by language cookie, never with a cookie of its own", async () => {
    const { pages } = delivery();
    const { render } = fakeRenderer();
    for (const answer of [
      await pages.document(page("/mounts"), render, visitor),
      await fromCache(pages, page("/mounts")),
      await pages.document(page("/mounts/detail?id=storm-horse&lang=en-US"), render, visitor),
    ]) {
      expect(answer.response.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
      expect(answer.response.headers.get("Vary")).toBe("Accept-Encoding, Cookie");
      expect(answer.response.headers.has("Set-Cookie")).toBe(false);
    }
    // An expired session names nobody: the public page, but for that browser only.
    const stale = await pages.document(page("/mounts", { cookie: SESSION }), render, visitor);
    expect(stale.response.headers.get("X-Render-Cache")).toBe("hit");
    expect(stale.response.headers.get("Cache-Control")).toBe("private, no-cache");
  });

  it("keeps a visitor's feed, which members write, until a change to it is announced or it is 30 s old, and lets shared caches keep it only if they ask each time", async () => {
    const { pages, changed, advance } = delivery();
    const { render, count } = fakeRenderer();
    const first = await pages.document(page("/feed"), render, visitor);
    expect(first.response.headers.get("X-Render-Cache")).toBe("miss");
    expect(first.scriptHashes).toBeDefined();
    expect(first.response.headers.get("Cache-Control")).toBe("public, no-cache");
    expect((await fromCache(pages, page("/feed"))).response.headers.get("Cache-Control")).toBe("public, no-cache");
    await pages.document(page("/feed?id=7"), render, visitor);
    expect(await pages.cached(page("/feed?id=7"))).toBeDefined();
    await pages.document(page("/feed/"), render, visitor);
    expect(await pages.cached(page("/feed/"))).toBeDefined();
    expect(count()).toBe(3);

    changed("/feed");
    expect(await pages.cached(page("/feed"))).toBeUndefined();
    expect(await pages.cached(page("/feed/"))).toBeUndefined();
    expect(await pages.cached(page("/feed?id=7"))).toBeUndefined();
    // Other pages are not the feed's business.
    await pages.document(page("/mounts"), render, visitor);
    changed("/feed");
    expect(await pages.cached(page("/mounts"))).toBeDefined();

    expect((await pages.document(page("/feed"), render, visitor)).response.headers.get("X-Render-Cache")).toBe("miss");
    advance(29_000);
    expect(await pages.cached(page("/feed"))).toBeDefined();
    advance(1_000);
    expect(await pages.cached(page("/feed"))).toBeUndefined();
    // A cursor, a member and a page past the rule's values render live.
    await pages.document(page("/feed?cursor=abc"), render, visitor);
    await pages.document(page("/feed?sort=old"), render, visitor);
    const member = await pages.document(page("/feed", { cookie: SESSION }), render, { nonce: "MINE", anonymous: false });
    expect(member.scriptHashes).toBeUndefined();
    expect(member.response.headers.get("Cache-Control")).toBe("no-store");
    expect(await pages.cached(page("/feed?cursor=abc"))).toBeUndefined();
  });

  it("sends a live render whole, compressed as the reader asks, in one piece with its length", async () => {
    const { pages } = delivery();
    // A page of a realistic size (a small one is not worth compressing, and is sent as it is).
    const rows = Array.from({ length: 200 }, (_, index) => `<li class="row">entry ${index}</li>`).join("");
    const render: RenderPage = async (request) =>
      new Response(`<!DOCTYPE html><html><body><p>${request.headers.get("cookie")}</p><ul>${rows}</ul></body></html>`, {
        headers: { "Content-Type": "text/html; charset=utf-8", Vary: "Cookie" },
      });
    const member = { nonce: "MINE", anonymous: false };
    for (const [accepted, encoding, decode] of [
      ["gzip, deflate, br", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
    ] as const) {
      const answer = await pages.document(page("/me", { cookie: SESSION, "Accept-Encoding": accepted }), render, member);
      const headers = answer.response.headers;
      expect(headers.get("Content-Encoding")).toBe(encoding);
      expect(headers.get("Vary")).toBe("Cookie, Accept-Encoding");
      expect(headers.get("Cache-Control")).toBe("no-store");
      const body = await bytesOf(answer);
      expect(Number(headers.get("Content-Length"))).toBe(body.byteLength);
      expect(decode(body).toString("utf8")).toContain(`<p>${SESSION}</p>`);
    }
    const plain = await pages.document(page("/me", { cookie: SESSION }), render, member);
    expect(plain.response.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.response.text()).toContain(`<p>${SESSION}</p>`);
    // A body already encoded, or none, is left as it is.
    const encoded = await pages.document(
      page("/me", { "Accept-Encoding": "br" }),
      async () => new Response("x", { headers: { "Content-Encoding": "gzip" } }),
      member,
    );
    expect(encoded.response.headers.get("Content-Length")).toBeNull();
    const redirect = await pages.document(
      page("/me"),
      async () => new Response(null, { status: 302, headers: { Location: "/login" } }),
      member,
    );
    expect(redirect.response.status).toBe(302);
  });

  it("answers from memory only a credential-free GET of a page the cache holds", async () => {
    const { pages } = delivery();
    const { render, count } = fakeRenderer();
    expect(await pages.cached(page("/mounts"))).toBeUndefined();
    await pages.document(page("/mounts"), render, visitor);
    expect(await pages.cached(page("/mounts"))).toBeDefined();
    expect(await pages.cached(page("/mounts", { cookie: `locale=vi; ${SESSION}` }))).toBeUndefined();
    expect(await pages.cached(page("/mounts", { Authorization: "Bearer token" }))).toBeUndefined();
    expect(await pages.cached(new Request(`${ORIGIN}/mounts`, { method: "POST" }))).toBeUndefined();
    expect(await pages.cached(new Request(`${ORIGIN}/mounts`, { method: "HEAD" }))).toBeUndefined();
    expect(await pages.cached(page("/mounts?sort=name"))).toBeUndefined();
    expect(await pages.cached(page("/me"))).toBeUndefined();
    expect(await pages.cached(page("/mounts/_payload.json"))).toBeUndefined();
    expect(count()).toBe(1);
  });

  it("renders live, with the request's nonce, for signed-in visitors, filtered lists, other methods and pages that are not cached", async () => {
    const { pages } = delivery();
    const { render, count, nonces } = fakeRenderer();
    await pages.document(page("/mounts"), render, visitor);
    const signedIn = await pages.document(page("/mounts", { cookie: SESSION }), render, { nonce: "MINE", anonymous: false });
    expect(signedIn.response.headers.get("X-Render-Cache")).toBeNull();
    expect(signedIn.response.headers.get("Cache-Control")).toBe("no-store");
    expect(signedIn.scriptHashes).toBeUndefined();
    expect(await signedIn.response.text()).toContain(SESSION);
    expect(nonces.at(-1)).toBe("MINE");
    await pages.document(page("/equipments-items?type=weapon"), render, visitor);
    await pages.document(page("/equipments-items?type=weapon"), render, visitor);
    await pages.document(page("/me"), render, visitor);
    await pages.document(new Request(`${ORIGIN}/mounts`, { method: "POST" }), render, visitor);
    expect(count()).toBe(6);
  });

  it("never stores a failed page or one that sets a cookie, and answers it with the request's nonce", async () => {
    const { pages } = delivery();
    const missing = fakeRenderer(404);
    await pages.document(page("/mounts/detail?id=nope"), missing.render, visitor);
    const again = await pages.document(page("/mounts/detail?id=nope"), missing.render, { nonce: "SECOND", anonymous: true });
    expect(again.response.status).toBe(404);
    expect(again.scriptHashes).toBeUndefined();
    const html = await again.response.text();
    expect(html).toContain('nonce="SECOND"');
    expect(html).not.toContain(missing.nonces[1]);
    expect(missing.count()).toBe(2);
    const cookie = fakeRenderer(200, { "Set-Cookie": "a=b" });
    await pages.document(page("/class"), cookie.render, visitor);
    await pages.document(page("/class"), cookie.render, visitor);
    expect(cookie.count()).toBe(2);
    expect(await pages.cached(page("/class"))).toBeUndefined();
  });

  it("answers a page's payload: its routes' data without the root's, with an ETag and 304", async () => {
    const { pages } = delivery();
    const { render, count } = fakeRenderer();
    const request = page("/mounts/detail/_payload.json?b0&id=storm-horse", { cookie: "locale=en-US; session=secret" });
    const response = await pages.payload(request, render);
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
    );
    expect(cached.status).toBe(304);
    expect(count()).toBe(1);
    const home = await pages.payload(page("/_payload.json?b1"), render);
    expect(((await home.json()) as { path: string }).path).toBe("/");
  });

  it("refuses payloads of pages that are not prerendered, and of unknown entries", async () => {
    const { pages } = delivery();
    await expect(pages.payload(page("/me/_payload.json?b1"), fakeRenderer().render)).rejects.toThrow(AppError);
    await expect(pages.payload(page("/mounts/_payload.json?b1&sort=x"), fakeRenderer().render)).rejects.toMatchObject({
      code: "invalid-argument",
    });
    await expect(pages.payload(page("/mounts/detail/_payload.json?b1&id=nope"), fakeRenderer(404).render)).rejects.toMatchObject({
      code: "not-found",
    });
  });
});
