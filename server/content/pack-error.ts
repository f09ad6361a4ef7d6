/** Every problem found in a pack, reported together so that an admin fixes a file in one pass. */
export type PackProblem = {
  file: string;
  /** Index of the entry in the file's top-level array; absent for file-level problems. */
  index?: number;
  id?: string;
  /** Dotted path inside the entry (or file), e.g. `inputs[1].item`. */
  path?: string;
  message: string;
};

/** Beyond this many problems the rest are counted, not listed: the first ones are what to fix. */
export const MAX_LISTED_PROBLEMS = 50;

export function formatProblem(problem: PackProblem): string {
  const parts = [problem.file];
  if (problem.index !== undefined)
    parts.push(problem.id === undefined ? `entry ${problem.index}` : `entry ${problem.index} (id "${problem.id}")`);
  if (problem.path) parts.push(problem.path);
  return `${parts.join(": ")}: ${problem.message}`;
}

/** The one error a pack is refused with; `problems` keeps the structured list for an admin UI. */
export class PackError extends Error {
  readonly problems: PackProblem[];

  constructor(problems: PackProblem[]) {
    const listed = problems.slice(0, MAX_LISTED_PROBLEMS).map(formatProblem);
    const hidden = problems.length - listed.length;
    if (hidden > 0) listed.push(`… and ${hidden} more problem(s)`);
    super(`Content pack refused (${problems.length} problem(s)):\n${listed.join("\n")}`);
    this.name = "PackError";
    this.problems = problems;
  }
}

/** Formats a Zod-style path (`[12, "stats", "attack"]`) as `stats.attack`, indices as `[n]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else out += out === "" ? String(segment) : `.${String(segment)}`;
  }
  return out;
}
