import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SERVER_BUNDLE } from '../apps/server/launch';
import { type LighthouseFigures, RUNS_PER_PAGE, lighthouseTable, measureLighthouse } from './lib/lighthouse';
import { ROOT, startBuiltServer } from './lib/processes';
import { machineLine } from './lib/report';
import { writePerformanceSection } from './lib/performance-doc';

/** The pages the Lighthouse section covers: every screen of the spec, a lesson and a permalink. */
function pagesOf(promptId: string) {
  return [
    { page: 'Library', path: '/' },
    { page: 'Share Prompt', path: '/submit' },
    { page: 'Insights', path: '/analytics' },
    { page: 'Academy', path: '/prompt-academy' },
    { page: 'Academy lesson', path: '/prompt-academy/beginner/components' },
    { page: 'Prompt page', path: `/prompts/${encodeURIComponent(promptId)}` },
  ];
}

/**
 * Starts the built server on `databaseUrl` and runs Lighthouse, mobile and
 * desktop, on each page of the built app.
 */
export async function lighthouseOnServer(databaseUrl: string, sampleData: boolean): Promise<LighthouseFigures[]> {
  const server = await startBuiltServer(databaseUrl, { SAMPLE_DATA: sampleData ? '1' : '0' });
  try {
    const [first] = (await (await fetch(`${server.url}/api/prompts?limit=1&sort=likes_desc`)).json()) as Array<{ _id: string }>;
    if (!first) throw new Error('The database has no prompt for the permalink page');
    return await measureLighthouse(server.url, pagesOf(first._id));
  } finally {
    await server.stop();
  }
}

/** Rewrites the Lighthouse section of docs/performance.md (between its markers). */
export function writeLighthouseSection(figures: readonly LighthouseFigures[], dataset: string): void {
  const section = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machineLine()}, Lighthouse in the system Chromium, ${dataset}; each row is the median run of ${RUNS_PER_PAGE} (by first contentful paint and time to interactive).`,
    '',
    lighthouseTable(figures),
  ].join('\n');
  writePerformanceSection('lighthouse', 'Lighthouse', section);
}

// npm run bench:lighthouse [-- --database URL] [--no-build] [--no-write]: on
// a fresh SQLite file with the sample data unless a database is named.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      database: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      'no-write': { type: 'boolean', default: false },
    },
  });
  if (!values['no-build']) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (!existsSync(join(ROOT, SERVER_BUNDLE))) throw new Error(`${SERVER_BUNDLE} is missing: run npm run build`);
  const scratch = mkdtempSync(join(tmpdir(), 'prompt-vault-lighthouse-'));
  try {
    const figures = await lighthouseOnServer(values.database ?? `sqlite:${join(scratch, 'lighthouse.db')}`, values.database === undefined);
    console.log(lighthouseTable(figures));
    if (!values['no-write'])
      writeLighthouseSection(figures, values.database ? `database ${values.database.replace(/:[^:@/]*@/, ':***@')}` : 'the sample data');
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
