import { resolve } from "node:path";
import { migrateDatabase } from "../../db/migrate.ts";
import { openConfiguredDatabase, type CliOutput } from "../cli/cli-database.ts";
import { exportPack, importPack } from "./content-store.ts";
import { loadPack, writePack } from "./load-pack.ts";
import { PackError } from "./pack-error.ts";

export const CONTENT_USAGE = [
  "Usage: npm run content:import -- <dir>    replace the content in use with the pack in <dir>",
  "       npm run content:export -- <dir>    write the content in use as a pack into <dir>",
  "Uses DATABASE_URL (PostgreSQL) when set, else the PGlite database in DATA_DIR (stop the server first).",
  "A broken pack is refused whole, naming the file, the entry and the field: nothing is half-imported.",
].join("\n");

/** `npm run content:import|export -- <dir>`; returns the exit code. */
export async function runContentCli(
  command: "import" | "export",
  args: string[],
  env: Record<string, string | undefined>,
  output: CliOutput,
) {
  const [dirArgument] = args;
  if (args.length !== 1 || !dirArgument || dirArgument === "--help") {
    output.error(CONTENT_USAGE);
    return dirArgument === "--help" ? 0 : 1;
  }
  const dir = resolve(dirArgument);
  let pack;
  if (command === "import") {
    try {
      pack = await loadPack(dir);
    } catch (error) {
      output.error(
        error instanceof PackError ? `The pack in ${dir} was refused:\n${error.message}` : `Could not read ${dir}: ${String(error)}`,
      );
      return 1;
    }
  }
  // An import may start a database of its own: the server then starts with that pack, not the demo.
  const opened = await openConfiguredDatabase(env, output, { purpose: "let it load the demo pack", create: command === "import" });
  if (typeof opened === "number") return opened;
  const { connection, where } = opened;
  try {
    await migrateDatabase(connection);
    if (pack) {
      const { checksum, entries } = await importPack(connection.db, pack);
      output.log(`Imported ${pack.manifest.id} ${pack.manifest.version} (${entries} entries, checksum ${checksum}) into ${where}.`);
    } else {
      const current = await exportPack(connection.db);
      if (!current) {
        output.error(`No content in ${where} yet.`);
        return 1;
      }
      await writePack(current, dir);
      output.log(`Exported ${current.manifest.id} ${current.manifest.version} to ${dir}.`);
    }
    return 0;
  } finally {
    await connection.close();
  }
}
