// npm run restore -- [--cuenta ESCUELA] ARCHIVE [--reemplazar]: a school's data back from an archive
// (issues 27, 46), the other schools untouched.
import { ConfigError, loadConfig } from '../server/config.ts';
import { restoreCommand } from '../server/backup/commands.ts';

try {
  process.exitCode = await restoreCommand(loadConfig(), process.argv.slice(2), (line) => console.log(line));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
