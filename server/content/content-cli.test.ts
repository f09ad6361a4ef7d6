import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.ts";
import { migrateDatabase } from "../../db/migrate.ts";
import { runContentCli } from "./content-cli.ts";
import { currentPackInfo, DEMO_PACK_DIR } from "./content-store.ts";

function recorder() {
  const lines = { log: [] as string[], error: [] as string[] };
  return { lines, output: { log: (line: string) => lines.log.push(line), error: (line: string) => lines.error.push(line) } };
}

async function freshDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "content-cli-"));
  const connection = await openDatabase({ dataDir });
  await migrateDatabase(connection);
  await connection.close();
  return dataDir;
}

describe("content:import and content:export on PGlite", () => {
  it("imports a pack and exports it back exactly", async () => {
    const dataDir = await freshDataDir();
    const env = { DATA_DIR: dataDir };
    const imported = recorder();
    expect(await runContentCli("import", [DEMO_PACK_DIR], env, imported.output)).toBe(0);
    expect(imported.lines.log[0]).toMatch(/^Imported .+ \(\d+ entries, checksum [0-9a-f]{16}\)/);
    const out = mkdtempSync(join(tmpdir(), "content-out-"));
    const exported = recorder();
    expect(await runContentCli("export", [out], env, exported.output)).toBe(0);
    for (const name of ["items.json", "recipes.json", "guides.json", "pack.json", "map.svg"]) {
      expect(readFileSync(join(out, name), "utf8"), name).toBe(readFileSync(join(DEMO_PACK_DIR, name), "utf8"));
    }
  });

  it("refuses a broken pack whole, naming file, entry and field, and keeps the content in use", async () => {
    const dataDir = await freshDataDir();
    const env = { DATA_DIR: dataDir };
    expect(await runContentCli("import", [DEMO_PACK_DIR], env, recorder().output)).toBe(0);
    const broken = mkdtempSync(join(tmpdir(), "content-broken-"));
    cpSync(DEMO_PACK_DIR, broken, { recursive: true });
    const items = JSON.parse(readFileSync(join(broken, "items.json"), "utf8")) as { id: string; level: unknown }[];
    const target = items[3];
    if (!target) throw new Error("demo pack too small");
    target.level = "ten";
    writeFileSync(join(broken, "items.json"), JSON.stringify(items));
    const refused = recorder();
    expect(await runContentCli("import", [broken], env, refused.output)).toBe(1);
    expect(refused.lines.error.join("\n")).toContain(`items.json: entry 3 (id "${target.id}"): level:`);
    const connection = await openDatabase({ dataDir });
    try {
      expect(await currentPackInfo(connection.db)).not.toBeNull();
    } finally {
      await connection.close();
    }
  });

  it("imports into an empty data folder, which the server then keeps instead of the demo pack", async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), "content-new-")), "data");
    const imported = recorder();
    expect(await runContentCli("import", [DEMO_PACK_DIR], { DATA_DIR: dataDir }, imported.output)).toBe(0);
    expect(imported.lines.error).toEqual([]);
    const connection = await openDatabase({ dataDir });
    try {
      expect(await currentPackInfo(connection.db)).not.toBeNull();
    } finally {
      await connection.close();
    }
    const exported = recorder();
    expect(
      await runContentCli(
        "export",
        [mkdtempSync(join(tmpdir(), "content-out-"))],
        { DATA_DIR: join(dataDir, "..", "none") },
        exported.output,
      ),
    ).toBe(1);
    expect(exported.lines.error[0]).toMatch(/^No database in /);
  });

  it("explains its usage", async () => {
    const { lines, output } = recorder();
    expect(await runContentCli("import", [], {}, output)).toBe(1);
    expect(lines.error[0]).toMatch(/^Usage: npm run content:import -- <dir>/);
  });
});
