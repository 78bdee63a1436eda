import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './processes';

const PERFORMANCE_DOC = join(ROOT, 'docs/performance.md');

/**
 * Rewrites one generated section of docs/performance.md in place: the text
 * between `<!-- name:start -->` and `<!-- name:end -->`, leaving the prose
 * around it alone. A section the file lacks is added at its end under
 * `heading`.
 */
export function writePerformanceSection(name: string, heading: string, body: string, file = PERFORMANCE_DOC): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  const next = current.includes(start)
    ? `${current.split(start)[0]}${start}\n${body}\n${end}${current.split(end)[1] ?? '\n'}`
    : `${current.trimEnd()}\n\n## ${heading}\n\n${start}\n${body}\n${end}\n`;
  writeFileSync(file, next);
  console.log(`Wrote the ${name} section of ${file}`);
}
