import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../../db/testing.ts";
import { ensureContent } from "../content/content-store.ts";
import { POST_UPLOAD_MAX_BYTES } from "../feed/feed-routes.ts";
import { REPORT_UPLOAD_MAX_BYTES } from "../moderation/moderation-routes.ts";
import { call, createTestApp, signUpMember, silentLogger, socketPeer, TEST_ORIGIN, type TestApp } from "../testing.ts";
import { UPLOADS_IN_FLIGHT_MAX, uploadsInFlight } from "./uploads.ts";

const BOUNDARY = "----minithings-upload-test";
const encoder = new TextEncoder();

/** The start of a multipart post: its text fields, without the closing boundary. */
const postFields = (body: string) =>
  encoder.encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="body"\r\n\r\n${body}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="lang"\r\n\r\nvi\r\n`,
  );
const closing = encoder.encode(`--${BOUNDARY}--\r\n`);

/** Not an image, whatever it says: decoding it would answer 400 `image-format`. */
const notAnImage = () => new Blob([encoder.encode("<svg xmlns='http://www.w3.org/2000/svg'/>")], { type: "image/png" });

describe.each(testEngines)("uploads on %s", (engine) => {
  let t: TestApp;

  /** A multipart request whose body is `stream`, sent chunked (no Content-Length) unless `headers` says otherwise. */
  const streamedPost = (path: string, cookie: string, stream: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
    Promise.resolve(
      t.app.request(
        `${TEST_ORIGIN}${path}`,
        {
          method: "POST",
          headers: {
            Origin: TEST_ORIGIN,
            Cookie: cookie,
            "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
            "Transfer-Encoding": "chunked",
            ...headers,
          },
          body: stream,
          duplex: "half",
        } as RequestInit,
        socketPeer(),
      ),
    );

  beforeAll(async () => {
    t = await createTestApp(engine, { SIGN_UP_LIMIT_PER_HOUR: "1000", REPORTS_PER_DAY: "1" });
    await ensureContent(t.db, silentLogger);
  });
  afterAll(() => t.dispose());

  it("refuses a member past the post limit before reading the post's images (the limit's 429, not the image's 400)", async () => {
    const { cookie } = await signUpMember(t, "An");
    for (let index = 0; index < 5; index++) {
      const posted = await call(t.app, "/api/feed/posts", { cookie, body: { body: `Bài ${index}`, lang: "vi" } });
      expect(posted.status).toBe(201);
    }
    const form = new FormData();
    form.set("body", "Một bài nữa, kèm ảnh");
    form.set("lang", "vi");
    form.append("images", notAnImage(), "photo.png");
    const refused = await call(t.app, "/api/feed/posts", { cookie, body: form });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatchObject({ code: "resource-exhausted", details: { reason: "rate-limit" } });
  });

  it("refuses a member past the day's reports before reading the screenshots (429 quota, not the image's 400)", async () => {
    const { cookie } = await signUpMember(t, "Bình");
    const first = await call(t.app, "/api/reports", {
      cookie,
      body: { kind: "character", name: "Kẻ Lừa Một", server: "suong-mai", reason: "Lừa đảo" },
    });
    expect(first.status).toBe(201);
    const form = new FormData();
    form.set("kind", "character");
    form.set("name", "Kẻ Lừa Hai");
    form.set("server", "suong-mai");
    form.set("reason", "Lừa đảo, có ảnh");
    form.append("images", notAnImage(), "screenshot.png");
    const refused = await call(t.app, "/api/reports", { cookie, body: form });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatchObject({
      code: "resource-exhausted",
      details: { reason: "quota", quota: "reports-per-day", limit: 1 },
    });
  });

  it("refuses a declared body past the route's cap with 413 before reading it", async () => {
    const { cookie } = await signUpMember(t, "Cường");
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled++;
          controller.enqueue(new Uint8Array(1024));
        },
      },
      { highWaterMark: 0 },
    );
    for (const [path, cap] of [
      ["/api/feed/posts", POST_UPLOAD_MAX_BYTES],
      ["/api/reports", REPORT_UPLOAD_MAX_BYTES],
    ] as const) {
      const response = await streamedPost(path, cookie, body, { "Transfer-Encoding": "", "Content-Length": String(cap + 1) });
      expect(response.status, path).toBe(413);
      expect((await response.json()).error.code).toBe("payload-too-large");
    }
    expect(pulled).toBe(0);
  });

  it("stops reading a chunked body as it crosses the route's cap, and refuses it with 413", async () => {
    const { cookie } = await signUpMember(t, "Dũng");
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      },
      { highWaterMark: 0 },
    );
    const response = await streamedPost("/api/feed/posts", cookie, endless);
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("payload-too-large");
    // Read up to the cap and one chunk past it, never on to the end (there is none).
    expect(sent).toBeGreaterThan(POST_UPLOAD_MAX_BYTES);
    expect(sent).toBeLessThanOrEqual(POST_UPLOAD_MAX_BYTES + 2 * chunk.byteLength);
  });

  it("caps a JSON post at 64 KB although its route takes files", async () => {
    const { cookie } = await signUpMember(t, "Em");
    const response = await call(t.app, "/api/feed/posts", { cookie, body: { body: "x".repeat(100 * 1024), lang: "vi" } });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("payload-too-large");
  });

  it(`has at most ${UPLOADS_IN_FLIGHT_MAX} uploads of one account in flight: a third at once is refused with 429, another member's is not`, async () => {
    const { cookie, uid } = await signUpMember(t, "Giang");
    const slow = () => {
      let reading!: () => void;
      const started = new Promise<void>((resolve) => (reading = resolve));
      let finish!: () => void;
      const finished = new Promise<void>((resolve) => (finish = resolve));
      let step = 0;
      const stream = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            step++;
            if (step === 1) controller.enqueue(postFields(`Bài chậm ${Math.random()}`));
            else {
              // The server is reading this body: hold the rest until the test lets it go.
              reading();
              await finished;
              controller.enqueue(closing);
              controller.close();
            }
          },
        },
        { highWaterMark: 0 },
      );
      return { stream, started, finish };
    };
    const one = slow();
    const two = slow();
    const first = streamedPost("/api/feed/posts", cookie, one.stream);
    const second = streamedPost("/api/feed/posts", cookie, two.stream);
    await Promise.all([one.started, two.started]);
    expect(uploadsInFlight(uid)).toBe(2);

    const form = new FormData();
    form.set("body", "Bài thứ ba cùng lúc");
    form.set("lang", "vi");
    const third = await call(t.app, "/api/feed/posts", { cookie, body: form });
    expect(third.status).toBe(429);
    expect((await third.json()).error).toMatchObject({ code: "resource-exhausted", details: { reason: "uploads-in-flight" } });
    const someoneElse = await call(t.app, "/api/feed/posts", { cookie: (await signUpMember(t, "Hà")).cookie, body: form });
    expect(someoneElse.status).toBe(201);

    one.finish();
    two.finish();
    expect((await first).status).toBe(201);
    expect((await second).status).toBe(201);
    expect(uploadsInFlight(uid)).toBe(0);
    const fourth = await call(t.app, "/api/feed/posts", { cookie, body: form });
    expect(fourth.status).toBe(201);
  });
});
