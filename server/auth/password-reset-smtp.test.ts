import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testEngines } from "../../db/testing.ts";
import { decodeHeader, splitHeaders, textParts } from "../../tests/support/mime.ts";
import { startSmtpSink, type Received } from "../../tests/support/smtp-sink.ts";
import { call, cookiesOf, createTestApp, signUp, TEST_ORIGIN, type TestApp } from "../testing.ts";

async function waitFor<T>(find: () => T | undefined, what: string, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testEngines)("password reset by real SMTP on %s", (engine) => {
  let t: TestApp | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>> | undefined;

  beforeEach(async () => {
    smtp = await startSmtpSink();
  });

  afterEach(async () => {
    await t?.dispose();
    t = undefined;
    await smtp?.close();
    smtp = undefined;
  });

  it("mails a bilingual reset link to the user; the link resets the password once and ends the old sessions", async () => {
    const sink = smtp!;
    t = await createTestApp(engine, { SMTP_URL: `smtp://127.0.0.1:${sink.port}`, MAIL_FROM: "Minithings <no-reply@minithings.test>" });
    const email = "lan@example.vn";
    const oldPassword = "correct horse battery";
    const newPassword = "mot mat khau moi hoan toan";
    const oldSession = await signUp(t.app, email, oldPassword, "Lan");
    expect((await (await call(t.app, "/api/auth/get-session", { cookie: oldSession })).json())?.user.email).toBe(email);

    const request = await call(t.app, "/api/auth/request-password-reset", { body: { email, redirectTo: "/login" } });
    expect(request.status).toBe(200);

    const isReset = (message: Received) => (textParts(message.raw).get("text/plain") ?? "").includes("/api/auth/reset-password/");
    const message = await waitFor(() => sink.received.find(isReset), "the password reset mail");

    // Addressed to the user, in the envelope and in the headers.
    expect(message.to).toEqual([email]);
    expect(message.from).toBe("no-reply@minithings.test");
    const { headers } = splitHeaders(message.raw);
    expect(headers.get("to")).toContain(email);
    expect(decodeHeader(headers.get("subject") ?? "")).toBe("Đặt lại mật khẩu · Reset your password — Minithings Companion");

    // Both languages, in the text and the HTML part.
    expect(headers.get("content-type")).toMatch(/^multipart\/alternative/i);
    const parts = textParts(message.raw);
    const text = parts.get("text/plain") ?? "";
    const html = parts.get("text/html") ?? "";
    expect(text).toContain("Có yêu cầu đặt lại mật khẩu cho tài khoản của bạn.");
    expect(text).toContain("Someone asked to reset the password of your account.");
    expect(html).toContain("Nếu không phải bạn yêu cầu, hãy bỏ qua thư này.");
    expect(html).toContain("If it wasn&#39;t you, ignore this mail.");

    // The link goes to the app, and on to the page the client named, with the token.
    const link = /https?:\/\/\S+\/api\/auth\/reset-password\/[^\s?]+\?callbackURL=\S+/.exec(text)?.[0];
    expect(link).toBeDefined();
    const linkUrl = new URL(link!);
    expect(linkUrl.origin).toBe(TEST_ORIGIN);
    expect(linkUrl.searchParams.get("callbackURL")).toBe("/login");
    const token = linkUrl.pathname.split("/").pop()!;
    expect(html).toContain(`/api/auth/reset-password/${token}?callbackURL=`);

    const opened = await call(t.app, `${linkUrl.pathname}${linkUrl.search}`);
    expect(opened.status).toBe(302);
    const landing = new URL(opened.headers.get("location") ?? "", TEST_ORIGIN);
    expect(landing.origin).toBe(TEST_ORIGIN);
    expect(landing.pathname).toBe("/login");
    expect(landing.searchParams.get("token")).toBe(token);

    const reset = await call(t.app, "/api/auth/reset-password", { body: { newPassword, token: landing.searchParams.get("token") } });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ status: true });

    // The session from before the reset is over (revokeSessionsOnPasswordReset).
    expect(await (await call(t.app, "/api/auth/get-session", { cookie: oldSession })).json()).toBeNull();

    const withOld = await call(t.app, "/api/auth/sign-in/email", { body: { email, password: oldPassword } });
    expect(withOld.status).toBe(401);
    expect((await withOld.json()).code).toBe("INVALID_EMAIL_OR_PASSWORD");
    const withNew = await call(t.app, "/api/auth/sign-in/email", { body: { email, password: newPassword } });
    expect(withNew.status).toBe(200);
    const session = await (await call(t.app, "/api/auth/get-session", { cookie: cookiesOf(withNew) })).json();
    expect(session.user.email).toBe(email);

    // The token is spent: neither the link nor the reset endpoint accepts it again.
    const reopened = await call(t.app, `${linkUrl.pathname}${linkUrl.search}`);
    expect(reopened.status).toBe(302);
    expect(new URL(reopened.headers.get("location") ?? "", TEST_ORIGIN).searchParams.get("error")).toBe("INVALID_TOKEN");
    const again = await call(t.app, "/api/auth/reset-password", { body: { newPassword: "yet another long secret", token } });
    expect(again.status).toBe(400);
    expect((await again.json()).code).toBe("INVALID_TOKEN");
    const stillNew = await call(t.app, "/api/auth/sign-in/email", { body: { email, password: newPassword } });
    expect(stillNew.status).toBe(200);
  });

  it("sends nothing for an unknown address, yet answers the same", async () => {
    const sink = smtp!;
    t = await createTestApp(engine, { SMTP_URL: `smtp://127.0.0.1:${sink.port}` });
    await signUp(t.app, "known@example.vn");
    // The sign-up's verification mail also goes through SMTP.
    await waitFor(() => sink.received.find((message) => message.to.includes("known@example.vn")), "the verification mail");
    const before = sink.received.length;

    const request = await call(t.app, "/api/auth/request-password-reset", { body: { email: "nobody@example.vn", redirectTo: "/login" } });
    expect(request.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.received.length).toBe(before);
  });
});
