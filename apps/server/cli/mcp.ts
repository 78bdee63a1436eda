import { ConfigError } from '../src/config';
import { runMcp } from './run-mcp';

runMcp(process.argv.slice(2), process.env).catch((error: unknown) => {
  // Standard output belongs to the MCP messages: errors go to standard error.
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
