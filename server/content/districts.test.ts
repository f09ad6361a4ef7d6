import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines } from "../../db/testing.ts";
import { call, createTestApp, silentLogger, type TestApp } from "../testing.ts";
import { ensureContent } from "./content-store.ts";
import { loadDistrictMap } from "./districts.ts";

describe.each(testEngines)("the district map on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    await ensureContent(t.db, silentLogger);
  });
  afterAll(() => t.dispose());

  it("names the map by the pack's version, and serves it once for a year of caching", async () => {
    const map = await loadDistrictMap(t.db);
    expect(map?.mapSrc).toMatch(/^\/maps\/[a-f0-9]{16}\.svg$/);
    expect(map?.districts.find((district) => district.id === "emberpeak")).toMatchObject({
      owner: { clan: "Thanh Long Hội", tag: "TLH" },
      tax: { percent: 10 },
    });
    const response = await call(t.app, map!.mapSrc);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(response.headers.get("Cache-Control")).toContain("immutable");
    expect(await response.text()).toContain('id="region-mist-harbor"');
    expect((await call(t.app, "/maps/0123456789abcdef.svg")).status).toBe(404);
  });
});
