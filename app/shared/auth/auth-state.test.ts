import { describe, expect, it, vi } from "vitest";
import {
  AUTH_LISTENER_DELAY_MS,
  createAuthState,
  type AuthProfile,
  type AuthService,
  type AuthStateDeps,
  type ProviderUser,
} from "./auth-state.ts";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

function fakeService(token = "id-token") {
  let listener: ((user: ProviderUser | null) => Promise<void> | void) | undefined;
  const service: AuthService = {
    onAuthStateChanged: (next) => {
      listener = next;
      return () => (listener = undefined);
    },
    getIdToken: async () => token,
  };
  return { service, report: (user: ProviderUser | null) => listener?.(user), attached: () => listener !== undefined };
}

const an: ProviderUser = { uid: "u1", email: "an@example.vn", displayName: "An", photoURL: null };
const profileOf = (user: ProviderUser, extra: Partial<AuthProfile> = {}): AuthProfile => ({
  uid: user.uid,
  email: user.email,
  displayName: user.displayName,
  photoURL: user.photoURL,
  role: "user",
  tag: "member",
  title: "member",
  level: 1,
  createdAt: 1,
  ...extra,
});

function setup(overrides: Partial<AuthStateDeps> = {}, stored: Record<string, string> = {}) {
  const storage = memoryStorage(stored);
  const fake = fakeService();
  const timers: { fn: () => void; ms: number }[] = [];
  const analytics: [string, Record<string, string>][] = [];
  const errors: unknown[] = [];
  const deps: AuthStateDeps = {
    storage,
    service: fake.service,
    syncProfile: async (user) => profileOf(user),
    sendAnalytics: (name, params) => {
      analytics.push([name, params]);
    },
    language: () => "vi",
    logError: (_message, error) => errors.push(error),
    schedule: (fn, ms) => timers.push({ fn, ms }),
    ...overrides,
  };
  const state = createAuthState(deps);
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { state, storage, fake, timers, analytics, errors, flush };
}

describe("auth state", () => {
  it("restores userData at start-up and is authenticated with it", () => {
    const profile = profileOf(an);
    const { state } = setup({}, { userData: JSON.stringify(profile) });
    expect(state.isAuthenticated).toBe(false);
    state.start();
    expect(state.user).toEqual(profile);
    expect(state.isAuthenticated).toBe(true);
  });

  it.each(["{not json", "null", '"a string"', '{"email":"no uid"}'])("removes corrupt userData %j", (corrupt) => {
    const { state, storage } = setup({}, { userData: corrupt });
    state.start();
    expect(state.user).toBeNull();
    expect(storage.data.has("userData")).toBe(false);
  });

  it("attaches the auth listener after 100 ms, not before", () => {
    const { state, timers, fake } = setup();
    state.start();
    expect(fake.attached()).toBe(false);
    expect(timers).toHaveLength(1);
    expect(timers[0]?.ms).toBe(AUTH_LISTENER_DELAY_MS);
    expect(AUTH_LISTENER_DELAY_MS).toBe(100);
    timers[0]?.fn();
    expect(fake.attached()).toBe(true);
  });

  it("skips the listener when the auth service is absent", () => {
    const { state, timers } = setup({ service: null });
    state.start();
    expect(() => timers[0]?.fn()).not.toThrow();
    expect(state.user).toBeNull();
  });

  it("on sign-in: runs the profile step, sets the user, stores userToken and userData, sends 'login'", async () => {
    const syncProfile = vi.fn(async (user: ProviderUser) => profileOf(user, { createdAt: 42 }));
    const { state, timers, fake, storage, analytics, flush } = setup({ syncProfile });
    state.start();
    timers[0]?.fn();
    fake.report(an);
    await flush();
    expect(syncProfile).toHaveBeenCalledWith(an);
    expect(state.user).toMatchObject({ uid: "u1", role: "user", tag: "member", title: "member", level: 1, createdAt: 42 });
    expect(state.isAuthenticated).toBe(true);
    expect(storage.data.get("userToken")).toBe("id-token");
    expect(JSON.parse(storage.data.get("userData") ?? "")).toEqual(state.user);
    expect(analytics).toEqual([["login", { language: "vi", user_id: "an@example.vn", user_name: "An" }]]);
  });

  it("merges on a returning sign-in: the profile step's answer replaces the stored user", async () => {
    const stale = profileOf(an, { displayName: "Old name", lastLoginAt: 1 });
    const { state, timers, fake, storage, flush } = setup(
      { syncProfile: async (user) => profileOf(user, { lastLoginAt: 99, updatedAt: 99 }) },
      { userData: JSON.stringify(stale) },
    );
    state.start();
    timers[0]?.fn();
    fake.report(an);
    await flush();
    expect(state.user).toMatchObject({ displayName: "An", lastLoginAt: 99 });
    expect(JSON.parse(storage.data.get("userData") ?? "")).toMatchObject({ lastLoginAt: 99 });
  });

  it("falls back to a minimal user with role 'user' when the profile step fails, and logs the error", async () => {
    const failure = new Error("database down");
    const { state, timers, fake, errors, analytics, flush } = setup({ syncProfile: async () => Promise.reject(failure) });
    state.start();
    timers[0]?.fn();
    fake.report(an);
    await flush();
    expect(state.user).toEqual({ uid: "u1", email: "an@example.vn", displayName: "An", photoURL: null, role: "user" });
    expect(state.isAuthenticated).toBe(true);
    expect(errors).toContain(failure);
    expect(analytics).toHaveLength(1);
  });

  it("on sign-out: clears the user and removes userToken and userData", async () => {
    const { state, timers, fake, storage, flush } = setup();
    state.start();
    timers[0]?.fn();
    fake.report(an);
    await flush();
    const seen: boolean[] = [];
    state.subscribe((snapshot) => seen.push(snapshot.isAuthenticated));
    fake.report(null);
    expect(state.user).toBeNull();
    expect(state.isAuthenticated).toBe(false);
    expect(storage.data.has("userToken")).toBe(false);
    expect(storage.data.has("userData")).toBe(false);
    expect(seen).toEqual([false]);
  });
});

describe("a session that ends during the profile step", () => {
  it("signs out instead of keeping a minimal user", async () => {
    const ended = new Error("401");
    const { state, timers, fake, storage, errors, flush } = setup({
      syncProfile: async () => Promise.reject(ended),
      sessionEnded: (error) => error === ended,
    });
    state.start();
    timers[0]?.fn();
    fake.report(an);
    await flush();
    expect(state.user).toBeNull();
    expect(storage.data.has("userData")).toBe(false);
    expect(errors).toEqual([]);
  });
});

/** Starts the state, lets the provider report a sign-in, and watches `settled` from then on. */
async function signInUnderWay(started: ReturnType<typeof setup>): Promise<() => boolean> {
  const { state, timers, fake } = started;
  state.start();
  timers[0]?.fn();
  fake.report(an);
  let settled = false;
  void state.settled(10_000).then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return () => settled;
}

describe("settled", () => {
  it("waits for the sign-in step under way, so a sign-out does not race it", async () => {
    let finishSync: (profile: AuthProfile) => void = () => {};
    const started = setup({ syncProfile: () => new Promise((resolve) => (finishSync = resolve)) });
    const { state, storage } = started;
    const settled = await signInUnderWay(started);
    expect(settled()).toBe(false);
    finishSync(profileOf(an));
    await state.settled();
    expect(settled()).toBe(true);
    expect(storage.data.get("userToken")).toBe("id-token");
  });

  it("settles the sign-in step only once the 'login' event has been answered, so a page leaving then does not cancel it", async () => {
    let answer: () => void = () => {};
    const sent: string[] = [];
    const sendAnalytics = (name: string) => {
      sent.push(name);
      return new Promise<void>((resolve) => (answer = resolve));
    };
    const started = setup({ sendAnalytics });
    const settled = await signInUnderWay(started);
    expect(sent).toEqual(["login"]);
    expect(settled()).toBe(false);
    answer();
    await started.state.settled();
    expect(settled()).toBe(true);
  });
});
