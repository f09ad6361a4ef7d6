import { APIError } from "better-auth/api";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { noteAuthFailure, withAuthFailures } from "./auth-failures.ts";

const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

function logged() {
  const lines: string[] = [];
  const logger = createLogger("debug", {}, (line) => lines.push(line));
  return { logger, lines };
}

describe("what better-auth met during a request", () => {
  it("gives the route the unreachable database its router turned into a 500, for that request only", async () => {
    const { logger, lines } = logged();
    const onError = noteAuthFailure(logger);
    const [failed, fine] = await Promise.all([
      withAuthFailures(async () => {
        await new Promise((done) => setTimeout(done, 5));
        onError(new Error("Failed query: select …", { cause: refused }));
        return new Response(null, { status: 500 });
      }),
      withAuthFailures(async () => new Response(null, { status: 200 })),
    ]);
    expect(failed.response.status).toBe(500);
    expect(failed.unreachable).toBeInstanceOf(Error);
    expect(fine.unreachable).toBeUndefined();
    // The route logs it as the API does (a warning with the request): not twice here.
    expect(lines).toEqual([]);
  });

  it("keeps a refusal (4xx) quiet, logs any other failure as an error, and never calls it unreachable", async () => {
    const { logger, lines } = logged();
    const onError = noteAuthFailure(logger);
    const refusal = await withAuthFailures(async () => {
      onError(new APIError("UNAUTHORIZED", { message: "Invalid email or password" }));
      return new Response(null, { status: 401 });
    });
    expect(refusal.unreachable).toBeUndefined();
    expect(lines).toEqual([]);
    const broken = await withAuthFailures(async () => {
      onError(new TypeError("x is undefined"));
      return new Response(null, { status: 500 });
    });
    expect(broken.unreachable).toBeUndefined();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({ level: "error", msg: "auth request failed" });
  });
});
