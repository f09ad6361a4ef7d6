import { describe, expect, it } from "vitest";
import type { ErrorCode } from "../../../server/errors.ts";
import { forbidden, requireFound } from "./page-refusals.ts";

/** A refusal as the domain throws it (`AppError` names itself so; app/shared may not import it). */
function refused(code: ErrorCode, message: string): Error {
  return Object.assign(new Error(message), { name: "AppError", code });
}

const url = new URL("http://localhost/me/note/detail?id=7");

/** What a loader's throw answers: the status and the data of the error page. */
async function refusal(run: () => Promise<unknown>): Promise<{ status: number | undefined; data: unknown }> {
  try {
    await run();
  } catch (thrown) {
    const { init, data } = thrown as { init?: { status?: number }; data: unknown };
    return { status: init?.status, data };
  }
  throw new Error("nothing was thrown");
}

describe("requireFound", () => {
  it("answers what the domain read", async () => {
    await expect(requireFound(url, Promise.resolve({ id: 7 }))).resolves.toEqual({ id: 7 });
  });

  it("answers the 404 page, with the full path, when there is nothing or the read was not tried", async () => {
    const notFound = { status: 404, data: { message: "Page not found: /me/note/detail?id=7", path: "/me/note/detail?id=7" } };
    expect(await refusal(() => requireFound(url, Promise.resolve(null)))).toEqual(notFound);
    expect(await refusal(() => requireFound(url, null))).toEqual(notFound);
    expect(await refusal(() => requireFound(url, Promise.reject(refused("not-found", "No such note."))))).toEqual(notFound);
  });

  it("answers the 403 page when the domain denies the viewer", async () => {
    const denied = Promise.reject(refused("permission-denied", "You are not a member of this room."));
    expect(await refusal(() => requireFound(url, denied))).toEqual({
      status: 403,
      data: { message: "Forbidden: /me/note/detail", path: "/me/note/detail" },
    });
  });

  it("lets any other error through to the error page", async () => {
    const broken = new Error("the database is gone");
    await expect(requireFound(url, Promise.reject(broken))).rejects.toBe(broken);
    const busy = refused("unavailable", "Busy.");
    await expect(requireFound(url, Promise.reject(busy))).rejects.toBe(busy);
  });
});

describe("forbidden", () => {
  it("throws the 403 page naming the path", () => {
    expect(() => forbidden("/admin")).toThrow(expect.objectContaining({ init: expect.objectContaining({ status: 403 }) }));
  });
});
