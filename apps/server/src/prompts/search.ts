import { type ExpressionBuilder, type Expression, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../db/connect';
import type { Database } from '../db/schema';

/** Escapes LIKE wildcards so the visitor's text is matched literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The spec's search: a case-insensitive substring of the title or the text.
 */
export function searchCondition(
  dialect: Dialect,
  eb: ExpressionBuilder<Database, 'prompts'>,
  text: string,
): Expression<SqlBool> {
  const pattern = likePattern(text);
  if (dialect === 'postgres') {
    return eb.or([
      sql<SqlBool>`prompts.title ILIKE ${pattern}`,
      sql<SqlBool>`prompts.prompt ILIKE ${pattern}`,
    ]);
  }
  return eb.or([
    sql<SqlBool>`prompts.title LIKE ${pattern} ESCAPE '\\'`,
    sql<SqlBool>`prompts.prompt LIKE ${pattern} ESCAPE '\\'`,
  ]);
}
