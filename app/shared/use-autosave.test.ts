import { describe, expect, it } from "vitest";
import { saveInTurn, type SaveState, type SaveSteps } from "./use-autosave.ts";

type Fields = { title: string; body: string };

function steps(typed: Fields, overrides: Partial<SaveSteps<Fields>> = {}) {
  const states: SaveState["kind"][] = [];
  const sent: Fields[] = [];
  const latest = { current: typed };
  const base: SaveSteps<Fields> = {
    latest,
    blocked: () => false,
    upToDate: () => false,
    setSave: (state) => states.push(state.kind),
    send: (fields) => {
      sent.push(fields);
      return Promise.resolve(true);
    },
  };
  return { states, sent, latest, steps: { ...base, ...overrides } };
}

describe("saveInTurn", () => {
  it("sends the text as it is and answers that the server has it", async () => {
    const run = steps({ title: "Runes", body: "a" });
    await expect(saveInTurn({ current: null }, run.steps)).resolves.toBe(true);
    expect(run.sent).toEqual([{ title: "Runes", body: "a" }]);
    expect(run.states).toEqual(["saving"]);
  });

  it("sends nothing while a conflict holds saves", async () => {
    const run = steps({ title: "Runes", body: "a" }, { blocked: () => true });
    await expect(saveInTurn({ current: null }, run.steps)).resolves.toBe(false);
    expect(run.sent).toEqual([]);
    expect(run.states).toEqual([]);
  });

  it("sends nothing when the server holds the text already, and says it has it", async () => {
    const run = steps({ title: "Runes", body: "a" }, { upToDate: () => true });
    await expect(saveInTurn({ current: null }, run.steps)).resolves.toBe(true);
    expect(run.sent).toEqual([]);
  });

  it("asks for a title instead of sending a text without one", async () => {
    const run = steps({ title: "  ", body: "a" });
    await expect(saveInTurn({ current: null }, run.steps)).resolves.toBe(false);
    expect(run.sent).toEqual([]);
    expect(run.states).toEqual(["needs-title"]);
  });

  it("waits for the save in flight, then sends what is typed by then", async () => {
    let finish: (saved: boolean) => void = () => {};
    const saving: { current: Promise<boolean> | null } = {
      current: new Promise<boolean>((resolve) => {
        finish = resolve;
      }),
    };
    const run = steps({ title: "Runes", body: "a" });
    const next = saveInTurn(saving, run.steps);
    run.latest.current = { title: "Runes", body: "ab" };
    await Promise.resolve();
    expect(run.sent).toEqual([]);
    finish(true);
    await expect(next).resolves.toBe(true);
    expect(run.sent).toEqual([{ title: "Runes", body: "ab" }]);
    expect(saving.current).toBeNull();
  });

  it("answers false when the server did not take the text, and frees the turn", async () => {
    const saving: { current: Promise<boolean> | null } = { current: null };
    const run = steps({ title: "Runes", body: "a" }, { send: () => Promise.resolve(false) });
    await expect(saveInTurn(saving, run.steps)).resolves.toBe(false);
    expect(saving.current).toBeNull();
  });
});
