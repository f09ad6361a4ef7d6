import { runDbMove } from "../server/cli/db-cli.ts";

/** `npm run db:move`: see DB_MOVE_USAGE in server/cli/db-cli.ts. */
const code = await runDbMove(process.argv.slice(2), process.env, {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
});
process.exit(code);
