import { describe, expect, it } from "vitest";
import { serviceWorkerScript } from "./service-worker.ts";

const ORIGIN = "https://companion.example";
type Handler = (event: Record<string, unknown>) => void;

/** Cache Storage in memory, with the calls the worker makes. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    const keyOf = (request: Request | string) => (typeof request === "string" ? new URL(request, ORIGIN).href : request.url);
    return {
      match: async (request: Request | string) => store.get(keyOf(request))?.clone(),
      put: async (request: Request | string, response: Response) => void store.set(keyOf(request), response),
      add: async (url: string) => void store.set(keyOf(url), new Response(url)),
      addAll: async (urls: string[]) => urls.forEach((url) => store.set(keyOf(url), new Response(url))),
    };
  };
  return {
    stores,
    api: {
      open,
      keys: async () => [...stores.keys()],
      delete: async (name: string) => stores.delete(name),
      match: async (url: string) => {
        for (const store of stores.values()) {
          const found = store.get(new URL(url, ORIGIN).href);
          if (found) return found.clone();
        }
        return undefined;
      },
    },
  };
}

/** Runs the worker script of build `buildId` against fakes; `online` decides whether `fetch` works. */
function bootWorker(buildId: string, storage = fakeCaches(), language = "vi", windows: FakeWindow[] = []) {
  const handlers = new Map<string, Handler>();
  const opened: string[] = [];
  const network = { online: true, served: [] as string[] };
  const navigationPreload = { enabled: false, enable: async () => void (navigationPreload.enabled = true) };
  const self = {
    location: { origin: ORIGIN },
    registration: { navigationPreload },
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: async () => undefined,
    clients: {
      claim: async () => undefined,
      matchAll: async () => windows,
      openWindow: async (path: string) => void opened.push(path),
    },
    cookieStore: { get: async (name: string) => (name === "locale" ? { value: language } : null) },
  };
  const fetcher = async (input: { url: string } | string) => {
    const url = typeof input === "string" ? input : input.url;
    if (!network.online) throw new TypeError("Failed to fetch");
    network.served.push(new URL(url, ORIGIN).pathname);
    return new Response(`network ${new URL(url, ORIGIN).pathname}`, { status: 200 });
  };
  const run = new Function("self", "caches", "fetch", serviceWorkerScript(buildId, ["/assets/entry-1.js"]));
  run(self, storage.api, fetcher);
  /** Dispatches an event with `waitUntil`/`respondWith`, resolving to the answer given (if any). */
  const dispatch = async (type: string, fields: Record<string, unknown> = {}): Promise<Response | undefined> => {
    let waited: Promise<unknown> = Promise.resolve();
    let answer: Promise<Response> | undefined;
    handlers.get(type)?.({
      ...fields,
      waitUntil: (promise: Promise<unknown>) => (waited = promise),
      respondWith: (promise: Promise<Response>) => (answer = promise),
    });
    await waited;
    return answer;
  };
  // A navigation request cannot be constructed outside a browser: the fields the worker reads.
  const navigate = (path: string) => dispatch("fetch", { request: { url: `${ORIGIN}${path}`, method: "GET", mode: "navigate" } });
  return { storage, network, dispatch, navigate, opened, navigationPreload };
}

/** An open tab of the site, as the worker's `clients.matchAll` lists it. */
interface FakeWindow {
  focused: boolean;
  focus(): Promise<void>;
  postMessage(message: unknown): void;
  messages: unknown[];
  focusedByWorker: boolean;
}

function fakeWindow(focused: boolean): FakeWindow {
  const window: FakeWindow = {
    focused,
    messages: [],
    focusedByWorker: false,
    focus: async () => void (window.focusedByWorker = true),
    postMessage: (message) => void window.messages.push(message),
  };
  return window;
}

describe("the service worker", () => {
  it("precaches this build's shell, and on activation deletes every other build's caches", async () => {
    const storage = fakeCaches();
    await storage.api.open("minithings-pages-old");
    await storage.api.open("minithings-shell-old");
    await storage.api.open("someone-elses-cache");
    const worker = bootWorker("new", storage);
    await worker.dispatch("install");
    expect(storage.stores.get("minithings-shell-new")?.has(`${ORIGIN}/builds/meta/new.json`)).toBe(true);
    expect(storage.stores.get("minithings-shell-new")?.has(`${ORIGIN}/assets/entry-1.js`)).toBe(true);
    await worker.dispatch("activate");
    expect([...storage.stores.keys()].sort()).toEqual(["minithings-shell-new", "someone-elses-cache"]);
  });

  it("answers a visited reference page from its copy offline, per language, and a personal page with 'needs the network'", async () => {
    const worker = bootWorker("b1");
    const online = await worker.navigate("/mounts/detail?id=brown-horse");
    expect(await online?.text()).toBe("network /mounts/detail");
    worker.network.online = false;
    const offline = await worker.navigate("/mounts/detail?id=brown-horse");
    expect(await offline?.text()).toBe("network /mounts/detail");

    const english = bootWorker("b1", worker.storage, "en-US");
    english.network.online = false;
    const notKeptInEnglish = await english.navigate("/mounts/detail?id=brown-horse");
    expect(notKeptInEnglish?.status).toBe(503);
    expect(await notKeptInEnglish?.text()).toContain("This page needs a connection");

    const chat = await worker.navigate("/chat");
    expect(chat?.status).toBe(503);
    expect(await chat?.text()).toContain("Trang này cần kết nối mạng");
  });

  it("turns navigation preload on, and answers a page with the response the browser started while it woke", async () => {
    const worker = bootWorker("b1");
    await worker.dispatch("activate");
    expect(worker.navigationPreload.enabled).toBe(true);
    const preloaded = (path: string) =>
      worker.dispatch("fetch", {
        request: { url: `${ORIGIN}${path}`, method: "GET", mode: "navigate" },
        preloadResponse: Promise.resolve(new Response(`preloaded ${path}`)),
      });
    expect(await (await preloaded("/me/bag"))?.text()).toBe("preloaded /me/bag");
    // A kept page is kept from the preloaded response, and read from that copy offline.
    expect(await (await preloaded("/class"))?.text()).toBe("preloaded /class");
    expect(worker.network.served).toEqual([]);
    worker.network.online = false;
    expect(await (await worker.navigate("/class"))?.text()).toBe("preloaded /class");
  });

  it("never keeps a page of an older build once a newer worker has activated", async () => {
    const storage = fakeCaches();
    const old = bootWorker("b1", storage);
    await old.navigate("/class");
    const next = bootWorker("b2", storage);
    await next.dispatch("install");
    await next.dispatch("activate");
    next.network.online = false;
    expect((await next.navigate("/class"))?.status).toBe(503);
  });

  it("serves hashed assets from the cache first, and leaves API calls to the network", async () => {
    const worker = bootWorker("b1");
    await worker.dispatch("install");
    worker.network.online = false;
    const asset = await worker.dispatch("fetch", { request: new Request(`${ORIGIN}/assets/entry-1.js`) });
    expect(await asset?.text()).toBe("/assets/entry-1.js");
    expect(await worker.dispatch("fetch", { request: new Request(`${ORIGIN}/api/profile`) })).toBeUndefined();
  });

  it("on a notification's click, focuses the site's window and tells it the page to open, or opens one; never another site", async () => {
    const background = fakeWindow(false);
    const front = fakeWindow(true);
    const worker = bootWorker("b1", fakeCaches(), "vi", [background, front]);
    let closed = false;
    const click = (href: unknown) =>
      worker.dispatch("notificationclick", { notification: { data: { href }, close: () => void (closed = true) } });
    await click("/chat?room=dm-1");
    expect(closed).toBe(true);
    expect(front.focusedByWorker).toBe(true);
    expect(front.messages).toEqual([{ type: "open-notification", href: "/chat?room=dm-1" }]);
    expect(background.messages).toEqual([]);
    await click("https://evil.example/phish");
    expect(front.messages.at(-1)).toEqual({ type: "open-notification", href: "/" });

    const none = bootWorker("b1", fakeCaches(), "vi", []);
    await none.dispatch("notificationclick", { notification: { data: { href: "/notification" }, close: () => {} } });
    expect(none.opened).toEqual(["/notification"]);
  });
});
