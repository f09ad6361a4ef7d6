import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parsePack, type PackFiles } from "./load-pack.ts";
import { PackError } from "./pack-error.ts";

const DEMO_DIR = join(import.meta.dirname, "../../content/demo");
let demoFiles: PackFiles;

beforeAll(async () => {
  demoFiles = new Map();
  for (const name of await readdir(DEMO_DIR)) demoFiles.set(name, await readFile(join(DEMO_DIR, name), "utf8"));
});

type Json = Record<string, unknown> & { id: string };

/** A copy of the demo files with one JSON file changed by `edit`. */
function withEdit(file: string, edit: (entries: Json[]) => void, files: PackFiles = demoFiles): PackFiles {
  const copy = new Map(files);
  const entries = JSON.parse(copy.get(file)!) as Json[];
  edit(entries);
  copy.set(file, JSON.stringify(entries));
  return copy;
}

function refusal(files: PackFiles): PackError {
  try {
    parsePack(files);
  } catch (error) {
    if (error instanceof PackError) return error;
    throw error;
  }
  throw new Error("The pack was accepted");
}

describe("parsePack refuses a broken pack with one PackError naming file, entry and field", () => {
  it("accepts the demo files as they are", () => {
    expect(() => parsePack(demoFiles)).not.toThrow();
  });

  it("a field of the wrong type", () => {
    let id = "";
    const error = refusal(
      withEdit("items.json", (items) => {
        id = items[12]!.id;
        (items[12]!.stats as Record<string, unknown>).attack = "high";
      }),
    );
    expect(error.message).toContain(`items.json: entry 12 (id "${id}"): stats.attack: Invalid input: expected number, received string`);
  });

  it("a recipe input that is no item", () => {
    const error = refusal(withEdit("recipes.json", (recipes) => ((recipes[0]!.inputs as { item: string }[])[0]!.item = "unobtainium")));
    expect(error.message).toContain('recipes.json: entry 0 (id "craft-iron-ingot"): inputs[0].item: Unknown item "unobtainium"');
  });

  it("a recipe listing one input item twice", () => {
    const error = refusal(
      withEdit("recipes.json", (recipes) => {
        const inputs = recipes[0]!.inputs as { item: string; quantity: number }[];
        inputs.push({ ...inputs[0]! });
      }),
    );
    expect(error.message).toMatch(/recipes\.json: entry 0 \(id "[a-z0-9-]+"\): inputs\[\d+\]\.item: '[a-z0-9-]+' is already an input/);
  });

  it("a duplicate id", () => {
    const error = refusal(withEdit("items.json", (items) => (items[1]!.id = items[0]!.id)));
    expect(error.message).toContain('items.json: entry 1 (id "iron-ore"): id: Duplicate id "iron-ore"');
  });

  it("a recipe cycle", () => {
    const error = refusal(
      withEdit("recipes.json", (recipes) =>
        recipes.push({
          id: "unsmelt-iron",
          name: { vi: "Tách Sắt", en: "Unsmelt Iron" },
          station: "forge",
          requiredLevel: 1,
          output: { item: "iron-ore", quantity: 3 },
          inputs: [{ item: "iron-ingot", quantity: 1 }],
          goldCost: 0,
          successRate: 100,
          craftSeconds: 1,
        }),
      ),
    );
    expect(error.message).toMatch(
      /recipes\.json: entry \d+ \(id "[a-z-]+"\): inputs: Recipe cycle: .*iron-ore -> iron-ingot -> iron-ore|iron-ingot -> iron-ore -> iron-ingot/,
    );
  });

  it("an icon that is not in game-icons", () => {
    const error = refusal(withEdit("classes.json", (classes) => (classes[0]!.icon = "game-icons:definitely-not-an-icon")));
    expect(error.message).toContain('classes.json: entry 0 (id "swordsman"): icon: Unknown icon "game-icons:definitely-not-an-icon"');
  });

  it("a missing Vietnamese text", () => {
    let id = "";
    const error = refusal(
      withEdit("guides.json", (guides) => {
        id = guides[0]!.id;
        guides[0]!.name = { en: "Only English" };
      }),
    );
    expect(error.message).toContain(`guides.json: entry 0 (id "${id}"): name.vi: Invalid input: expected string, received undefined`);
  });

  it("a guide link to no entry, in the language where it is", () => {
    const error = refusal(
      withEdit("guides.json", (guides) => (guides[2]!.body = { ...(guides[2]!.body as object), en: "## A\n\n[Ghost](item:ghost-blade)" })),
    );
    expect(error.message).toMatch(
      /guides\.json: entry 2 \(id "[a-z-]+"\): body\.en: Link \[Ghost\]\(item:ghost-blade\) points at no entry/,
    );
  });

  it("a marker outside its district, and a tax rate for no manor", () => {
    const files = withEdit(
      "districts.json",
      (districts) => ((districts[0]!.markers as { position: object }[])[0]!.position = { x: 1190, y: 10 }),
    );
    const error = refusal(withEdit("tax-rates.json", (rates) => (rates[rates.length - 1]!.target = "atlantis"), files));
    expect(error.message).toContain('districts.json: entry 0 (id "mist-harbor"): markers[0].position: Outside the district\'s region');
    expect(error.message).toMatch(/tax-rates\.json: entry \d+ \(id "manor-cinder-hold"\): target: Unknown manor "atlantis"/);
  });

  it("a clan holding a safe zone, and a clan tag in lower case", () => {
    const files = withEdit(
      "districts.json",
      (districts) => (districts[0]!.owner = { clan: "Thanh Long Hội", tag: "TLH", since: "2026-11-01T20:00:00+07:00" }),
    );
    expect(refusal(files).message).toContain(
      'districts.json: entry 0 (id "mist-harbor"): owner: A safe zone (pvp false) cannot be held by a clan',
    );
    // An owner's server must be one of the pack's (the map links the clan's page by server and tag).
    expect(
      refusal(withEdit("manors.json", (manors) => ((manors[0]!.owner as { server: string }).server = "no-such-server"))).message,
    ).toMatch(/manors\.json: entry 0 \(id "windmill-manor"\): owner\.server: Unknown server "no-such-server"/);
    const error = refusal(withEdit("manors.json", (manors) => ((manors[0]!.owner as { tag: string }).tag = "tlh")));
    expect(error.message).toMatch(/manors\.json: entry 0 \(id "windmill-manor"\): owner\.tag: /);
  });

  it("a missing file and a file that is not JSON", () => {
    const files = new Map(demoFiles);
    files.delete("tax-rates.json");
    files.set("pets.json", "[{ oops");
    const error = refusal(files);
    expect(error.message).toContain("tax-rates.json: File is missing");
    expect(error.message).toContain("pets.json: Invalid JSON");
  });

  it("collects every problem, listing the first 50", () => {
    const error = refusal(
      withEdit("items.json", (items) => {
        for (const item of items.slice(0, 80)) item.level = "one";
      }),
    );
    expect(error.problems).toHaveLength(80);
    expect(error.message.split("\n").filter((line) => line.startsWith("items.json"))).toHaveLength(50);
    expect(error.message).toContain("… and 30 more problem(s)");
  });

  it("reports schema problems of several files at once", () => {
    const files = withEdit("pets.json", (pets) => (pets[0]!.rarity = "mythic"));
    const error = refusal(withEdit("mounts.json", (mounts) => (mounts[3]!.seats = 0), files));
    expect(error.problems.map((p) => p.file).sort()).toEqual(["mounts.json", "pets.json"]);
    expect(error.message).toContain('pets.json: entry 0 (id "soot-cat"): rarity:');
  });
});
