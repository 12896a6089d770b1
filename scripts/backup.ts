// npm run backup [-- --cuenta ESCUELA]: an encrypted archive of a school's data now (issues 27, 46).
import { ConfigError, loadConfig } from '../server/config.ts';
import { backupCommand } from '../server/backup/commands.ts';

try {
  process.exitCode = await backupCommand(loadConfig(), (line) => console.log(line), process.argv.slice(2));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
