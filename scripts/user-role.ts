import { runUserRole } from "../server/users/user-role-cli.ts";

/** `npm run user:role -- <email> <role>`: gives an account a role (see USER_ROLE_USAGE). */
const code = await runUserRole(process.argv.slice(2), process.env, {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
});
process.exit(code);
