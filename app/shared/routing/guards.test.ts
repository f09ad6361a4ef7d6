import { describe, expect, it } from "vitest";
import { middlewareFor, resolveMiddleware, routeMiddleware } from "./guards.ts";
import { pages } from "./route-table.ts";

async function runGuard(path: string): Promise<Response> {
  const [guard] = middlewareFor("admin");
  try {
    // `url` is the normalized URL (no `.data` suffix on client navigations); `request.url` is raw.
    const args = {
      request: new Request(`http://localhost${path}.data`),
      params: {},
      context: {},
      pattern: "/admin",
      url: new URL(`http://localhost${path}`),
    };
    await guard?.(args as never, async () => new Response("page"));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("the guard let the request through");
}

describe("route middleware registry", () => {
  it("resolves every guard named in the route table", () => {
    for (const entry of pages) {
      expect(() => middlewareFor(entry.key), entry.path).not.toThrow();
    }
    expect(middlewareFor("admin")).toEqual([routeMiddleware.auth]);
  });

  it("fails with 'Unknown route middleware' and the name for an unknown guard", () => {
    expect(() => resolveMiddleware(["auth", "gatekeeper"])).toThrowError("Unknown route middleware: gatekeeper");
  });

  it("auth sends a visitor of /admin to sign in and back", async () => {
    const response = await runGuard("/admin?tab=users");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirect=${encodeURIComponent("/admin?tab=users")}`);
  });
});
