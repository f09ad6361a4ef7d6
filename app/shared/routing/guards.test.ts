import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { Role } from "../../../universal/auth/permissions.ts";
import { requestContext, type RequestContext } from "../request-context.ts";
import { guarded, middlewareFor, requireViewer, resolveMiddleware, routeMiddleware } from "./guards.ts";
import { pages } from "../../../universal/routing/route-table.ts";

function contextFor(role: Role | null) {
  const context = new RouterContextProvider();
  const viewer = role ? { uid: "u1", email: "a@b.vn", name: "A", image: null, role, tag: "member", title: "member", level: 1 } : null;
  context.set(requestContext, { viewer } as unknown as RequestContext);
  return context;
}

/** Runs a page's guards the way React Router does: a thrown Response ends the request. */
async function runGuards(pageKey: string, path: string, role: Role | null): Promise<Response | "through"> {
  const url = new URL(`http://localhost${path}`);
  // `url` is the normalized URL (no `.data` suffix on client navigations); `request.url` is raw.
  const args = { request: new Request(`http://localhost${path}.data`), params: {}, context: contextFor(role), pattern: path, url };
  try {
    for (const guard of middlewareFor(pageKey)) await guard(args as never, async () => new Response("page"));
    return guarded(() => "through" as const)(args as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (thrown && typeof thrown === "object" && "init" in thrown) {
      const init = (thrown as { init?: { status?: number } }).init;
      return new Response(null, { status: init?.status ?? 500 });
    }
    throw thrown;
  }
}

describe("route middleware registry", () => {
  it("resolves every guard named in the route table", () => {
    for (const entry of pages) expect(() => middlewareFor(entry.key), entry.path).not.toThrow();
    expect(middlewareFor("admin")).toEqual([routeMiddleware.auth]);
    expect(middlewareFor("meBag")).toEqual([routeMiddleware.signedIn]);
  });

  it("fails with 'Unknown route middleware' and the name for an unknown guard", () => {
    expect(() => resolveMiddleware(["auth", "gatekeeper"])).toThrowError("Unknown route middleware: gatekeeper");
  });
});

describe("auth guard on /admin", () => {
  it("sends a visitor to sign in and back", async () => {
    const response = await runGuards("admin", "/admin?tab=users", null);
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(302);
    expect((response as Response).headers.get("Location")).toBe(`/login?redirect=${encodeURIComponent("/admin?tab=users")}`);
  });

  it("answers 403 to a signed-in user without the admin or moderator role", async () => {
    expect(((await runGuards("admin", "/admin", "user")) as Response).status).toBe(403);
  });

  it.each<Role>(["moderator", "admin"])("lets a %s in", async (role) => {
    expect(await runGuards("admin", "/admin", role)).toBe("through");
  });
});

describe("signedIn guard on the personal area", () => {
  it.each(pages.filter((entry) => entry.path.startsWith("/me")).map((entry) => [entry.key, entry.path]))(
    "%s: a visitor signs in first and comes back, a user goes through",
    async (key, path) => {
      const response = (await runGuards(key, `${path}?id=7`, null)) as Response;
      expect(response.headers.get("Location")).toBe(`/login?redirect=${encodeURIComponent(`${path}?id=7`)}`);
      expect(await runGuards(key, path, "user")).toBe("through");
    },
  );
});

describe("requireViewer", () => {
  it("answers the signed-in viewer the guard let through", () => {
    expect(requireViewer(contextFor("user")).uid).toBe("u1");
  });

  it("fails loudly when a route without the guard asks for a viewer nobody signed in as", () => {
    expect(() => requireViewer(contextFor(null))).toThrowError("the signedIn guard lets only signed-in viewers through");
  });
});
