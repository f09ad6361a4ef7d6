import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testEngines } from "../../db/testing.ts";
import { cookiesOf, createTestApp, signUp, TEST_ORIGIN, type TestApp } from "../testing.ts";
import { PASSWORD_ATTEMPTS } from "./password-attempts.ts";

const PASSWORD = "correct horse battery";

// Each test hashes a dozen passwords (scrypt): more than the default 30 s on a busy two-core machine.
describe.each(testEngines)("sign-in slow-down on %s", { timeout: 90_000 }, (engine) => {
  let t: TestApp;
  beforeEach(() => {
    // The clock the server reads (Date) moves only when a test moves it: waits are stepped over, not slept.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2026, 10, 1) });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t?.dispose();
  });

  /** A JSON post from the socket peer `address`, as a browser there would send it. */
  const post = (path: string, body: unknown, address: string, cookie = "") =>
    t.app.request(
      `${TEST_ORIGIN}${path}`,
      { method: "POST", headers: { Origin: TEST_ORIGIN, "Content-Type": "application/json", Cookie: cookie }, body: JSON.stringify(body) },
      { incoming: { socket: { remoteAddress: address, remotePort: 50_000, remoteFamily: "IPv4" } } },
    );
  const signIn = (email: string, password: string, address = "203.0.113.1") =>
    post("/api/auth/sign-in/email", { email, password }, address);

  it("slows an account down after failures from many addresses, and lets the right password in once the wait is over", async () => {
    t = await createTestApp(engine);
    await signUp(t.app, "an@example.vn");
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= PASSWORD_ATTEMPTS.freeFailures; attempt++) {
      statuses.push((await signIn("An@example.vn", "wrong password", `198.51.100.${attempt}`)).status);
    }
    expect(statuses).toEqual(Array(PASSWORD_ATTEMPTS.freeFailures + 1).fill(401));

    const early = await signIn("an@example.vn", PASSWORD, "192.0.2.7");
    expect(early.status).toBe(429);
    expect(early.headers.get("Retry-After")).toBe("2");
    expect((await early.json()).code).toBe("TOO_MANY_REQUESTS");

    vi.advanceTimersByTime(2000);
    const inTime = await signIn("an@example.vn", PASSWORD, "192.0.2.7");
    expect(inTime.status).toBe(200);
    expect(cookiesOf(inTime)).toMatch(/session_token=/);
  });

  it("doubles the wait with each failure past the free ones, counting none refused inside a wait", async () => {
    t = await createTestApp(engine);
    await signUp(t.app, "binh@example.vn");
    for (let attempt = 0; attempt <= PASSWORD_ATTEMPTS.freeFailures; attempt++) await signIn("binh@example.vn", "wrong password");
    const waits: (string | null)[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await signIn("binh@example.vn", "wrong password", `198.51.100.${round}`);
      expect(refused.status).toBe(429);
      expect((await signIn("binh@example.vn", "wrong password", `198.51.100.${round + 10}`)).status).toBe(429);
      waits.push(refused.headers.get("Retry-After"));
      vi.advanceTimersByTime(Number(refused.headers.get("Retry-After")) * 1000);
      expect((await signIn("binh@example.vn", "wrong password")).status).toBe(401);
    }
    expect(waits).toEqual(["2", "4", "8"]);
  });

  it("starts over after a right password", async () => {
    t = await createTestApp(engine);
    await signUp(t.app, "chi@example.vn");
    for (let attempt = 0; attempt < PASSWORD_ATTEMPTS.freeFailures; attempt++) await signIn("chi@example.vn", "wrong password");
    expect((await signIn("chi@example.vn", PASSWORD)).status).toBe(200);
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= PASSWORD_ATTEMPTS.freeFailures; attempt++) {
      statuses.push((await signIn("chi@example.vn", "wrong password", `198.51.100.${attempt}`)).status);
    }
    expect(statuses).toEqual(Array(PASSWORD_ATTEMPTS.freeFailures + 1).fill(401));
  });

  it("slows down guessing the current password through a password change too", async () => {
    t = await createTestApp(engine);
    const cookie = await signUp(t.app, "dung@example.vn");
    const change = (currentPassword: string, address: string) =>
      post("/api/auth/change-password", { currentPassword, newPassword: "a brand new secret" }, address, cookie);
    for (let attempt = 0; attempt <= PASSWORD_ATTEMPTS.freeFailures; attempt++) {
      expect((await change("wrong password", `198.51.100.${attempt}`)).status).toBe(400);
    }
    expect((await change(PASSWORD, "192.0.2.7")).status).toBe(429);
    expect((await signIn("dung@example.vn", PASSWORD)).status).toBe(429);
  });

  it("keeps the per-address limit for sign-in", async () => {
    t = await createTestApp(engine);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) statuses.push((await signIn(`nobody${attempt}@example.vn`, "wrong password")).status);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
