import { CompiledQuery } from 'kysely';

/**
 * Statements compiled once for each shape, then given their values on every
 * run. Kysely builds a query as a tree of frozen nodes, each step copying
 * it, then walks the tree to write the SQL: for a searches' page that is
 * about a fifth of what the server allocates under the distinct-search load
 * (100,000 prompts on PostgreSQL), for a text that is the same whatever the
 * values. Here the query is built once with a marker in place of each
 * value; the markers are found among the compiled parameters, and later
 * runs put their values where the markers were.
 *
 * Safe only for a build whose text depends on nothing but the shape: which
 * values are present is part of the shape (found from `values`), anything
 * else the text depends on must be in `shape`. A value the build turns into
 * something else (a pattern made from it, a literal in the text) or does
 * not pass on at all makes it throw rather than run the wrong statement.
 */

/** A value's stand-in while its statement's template is built (never compared with the values run later). */
const MARKER_PREFIX = '\u0000value:';

interface Template {
  readonly sql: string;
  /** For each parameter: the name of the value it takes, or the constant the build wrote. */
  readonly parameters: readonly ({ readonly value: string } | { readonly constant: unknown })[];
}

/** A bound on the shapes kept, should a caller put values in its shape: past it, statements are built each time. */
const MOST_SHAPES = 256;

const templates = new Map<string, Template>();

/**
 * The statement `build` makes from `values`, compiled once for `shape` and
 * the names of the values present. `build` receives markers in place of the
 * present values (and undefined for the others) and must pass each one,
 * unchanged, to the query as a parameter.
 */
export function compiledByShape<R, V extends Record<string, unknown>>(
  shape: string,
  values: V,
  build: (markers: V) => CompiledQuery<R>,
): CompiledQuery<R> {
  const present = Object.keys(values).filter((name) => values[name] !== undefined);
  const key = `${shape}\u0000${present.join(',')}`;
  let template = templates.get(key);
  if (template === undefined) {
    if (templates.size >= MOST_SHAPES) return build(values);
    template = templateOf(present, build);
    templates.set(key, template);
  }
  const parameters = template.parameters.map((parameter) => ('value' in parameter ? values[parameter.value] : parameter.constant));
  return CompiledQuery.raw(template.sql, parameters) as CompiledQuery<R>;
}

function templateOf<R, V extends Record<string, unknown>>(present: readonly string[], build: (markers: V) => CompiledQuery<R>): Template {
  const markers = Object.fromEntries(present.map((name) => [name, `${MARKER_PREFIX}${name}`])) as V;
  const compiled = build(markers);
  if (compiled.sql.includes(MARKER_PREFIX))
    throw new Error('A value was written into the statement’s text: it cannot be compiled once for its shape');
  const used = new Set<string>();
  const parameters = compiled.parameters.map((parameter) => {
    if (typeof parameter === 'string' && parameter.startsWith(MARKER_PREFIX)) {
      const value = parameter.slice(MARKER_PREFIX.length);
      if (!present.includes(value)) throw new Error(`A value was changed on its way to the statement: ${JSON.stringify(parameter)}`);
      used.add(value);
      return { value };
    }
    if (JSON.stringify(parameter ?? null).includes(JSON.stringify(MARKER_PREFIX).slice(1, -1))) {
      throw new Error(`A value was changed on its way to the statement: ${JSON.stringify(parameter)}`);
    }
    return { constant: parameter };
  });
  const unused = present.filter((name) => !used.has(name));
  if (unused.length > 0) throw new Error(`Values that are no parameter of the statement: ${unused.join(', ')}`);
  return { sql: compiled.sql, parameters };
}
