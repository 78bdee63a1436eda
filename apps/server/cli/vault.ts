import { runVault } from './run-vault';

// npm runs scripts from the workspace folder; INIT_CWD is where the user
// typed the command, so `import ./prompts.csv` means what they expect.
runVault(process.argv.slice(2), {
  env: process.env,
  io: {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    cwd: process.env.INIT_CWD ?? process.cwd(),
    progress: process.stderr.isTTY === true,
  },
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
