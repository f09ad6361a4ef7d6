import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addCosts, buildingUpgradeCost, clampLevel, manorUpgradeCost, NO_COST, type UpgradeCost } from "./manor-calc.ts";

const levels = [
  { level: 1 },
  { level: 2, upgradeCost: { gold: 100, hours: 2, materials: [{ item: "iron-ingot", quantity: 10 }] } },
  {
    level: 3,
    upgradeCost: {
      gold: 300,
      hours: 5,
      materials: [
        { item: "plank", quantity: 4 },
        { item: "iron-ingot", quantity: 5 },
      ],
    },
  },
  { level: 4, upgradeCost: { gold: 700, hours: 12, materials: [{ item: "amber", quantity: 1 }] } },
  { level: 5, upgradeCost: { gold: 1500, hours: 24, materials: [] } },
];

const building: UpgradeCost[] = [
  { gold: 10, hours: 1, materials: [{ item: "iron-ingot", quantity: 1 }] },
  { gold: 20, hours: 2, materials: [{ item: "iron-ingot", quantity: 2 }] },
  { gold: 40, hours: 3, materials: [{ item: "plank", quantity: 3 }] },
];

/** Materials as a plain record, so two plans compare whatever order their items came in. */
const normalize = (cost: UpgradeCost) => ({
  gold: cost.gold,
  hours: cost.hours,
  materials: Object.fromEntries(cost.materials.map((stack) => [stack.item, stack.quantity])),
});

describe("manor upgrade calculator", () => {
  it("adds the upgrade costs of every level above the start up to the target", () => {
    expect(manorUpgradeCost(levels, 1, 3)).toEqual({
      gold: 400,
      hours: 7,
      materials: [
        { item: "iron-ingot", quantity: 15 },
        { item: "plank", quantity: 4 },
      ],
    });
    expect(manorUpgradeCost(levels, 4, 5)).toEqual({ gold: 1500, hours: 24, materials: [] });
  });

  it("costs nothing for a target at or below the start", () => {
    expect(manorUpgradeCost(levels, 3, 3)).toEqual(NO_COST);
    expect(manorUpgradeCost(levels, 4, 2)).toEqual(NO_COST);
  });

  it("counts building it (from level 0) and stops at the building's last level", () => {
    expect(buildingUpgradeCost(building, 0, 1)).toEqual(building[0]);
    expect(buildingUpgradeCost(building, 1, 3)).toEqual({
      gold: 60,
      hours: 5,
      materials: [
        { item: "iron-ingot", quantity: 2 },
        { item: "plank", quantity: 3 },
      ],
    });
    expect(buildingUpgradeCost(building, 0, 99)).toEqual(buildingUpgradeCost(building, 0, 3));
    expect(buildingUpgradeCost(building, 2, 1)).toEqual(NO_COST);
  });

  it("merges the materials of several plans", () => {
    expect(addCosts(manorUpgradeCost(levels, 1, 2), buildingUpgradeCost(building, 0, 2))).toEqual({
      gold: 130,
      hours: 5,
      materials: [{ item: "iron-ingot", quantity: 13 }],
    });
  });

  it("reads levels from the URL within bounds", () => {
    expect(clampLevel("3", 1, 5, 1)).toBe(3);
    expect(clampLevel("99", 1, 5, 1)).toBe(5);
    expect(clampLevel("-4", 1, 5, 1)).toBe(1);
    expect(clampLevel("abc", 1, 5, 2)).toBe(2);
    expect(clampLevel(null, 0, 3, 0)).toBe(0);
    expect(clampLevel("2.7", 0, 3, 0)).toBe(2);
  });

  it("upgrading A→C costs A→B plus B→C (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), (x, y, z) => {
        const [a, b, c] = [x, y, z].sort((p, q) => p - q) as [number, number, number];
        expect(normalize(manorUpgradeCost(levels, a, c))).toEqual(
          normalize(addCosts(manorUpgradeCost(levels, a, b), manorUpgradeCost(levels, b, c))),
        );
        const [d, e, f] = [a - 1, b - 1, c - 1];
        expect(normalize(buildingUpgradeCost(building, d, f))).toEqual(
          normalize(addCosts(buildingUpgradeCost(building, d, e), buildingUpgradeCost(building, e, f))),
        );
      }),
    );
  });

  it("never costs less for a higher target (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 5 }), (from, to, more) => {
        const low = manorUpgradeCost(levels, from, to);
        const high = manorUpgradeCost(levels, from, to + more);
        expect(high.gold).toBeGreaterThanOrEqual(low.gold);
        expect(high.hours).toBeGreaterThanOrEqual(low.hours);
      }),
    );
  });
});
