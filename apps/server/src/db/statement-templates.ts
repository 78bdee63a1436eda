import { CompiledQuery } from 'kysely';

/**
 * Statements compiled once for each shape, then given their values on every
 * run. Kysely builds a query as a tree of frozen nodes, each step copying
 * it, then walks the tree to write the SQL: for a search's page that was
 * about a fifth of what the server allocated under the distinct-search load
 * (100,000 prompts on PostgreSQL), for a text that is the same whatever the
 * values. Here the query is built with a marker in place of each value; the
 * markers are found among the compiled parameters, and later runs put their
 * values where the markers were.
 *
 * Safe only for a build whose text depends on nothing but its shape: which
 * values are present is part of the shape (found from `values`), anything
 * else the text depends on must be in `shape`. The build runs twice, with
 * two sets of markers, and must give the same text with each marker in the
 * same places; a marker that is missing, written into the text, or changed
 * on its way (a pattern made from it, its case or spaces changed, arithmetic
 * on it) is refused rather than run as the wrong statement. A build that
 * branches on what a value holds (`limit > 100`) cannot be told apart: the
 * callers' tests compare every shape with the statement built directly.
 */

/** One set of markers: the NUL is in no SQL text a build writes, the spaces and capitals are what a change would lose. */
const MARKER_SETS = [(name: string) => ` \u0000Value:${name}\u0000 `, (name: string) => `  \u0000VALUE-${name}-B\u0000  `] as const;

interface Template {
  readonly sql: string;
  /** For each parameter: the name of the value it takes, or the constant the build wrote. */
  readonly parameters: readonly ({ readonly value: string } | { readonly constant: unknown })[];
}

/**
 * The templates of one family of statements (a module's own, so two
 * families never share a shape's name), at most `mostShapes` of them: past
 * that a statement is built every time, which is warned about once.
 */
export class StatementTemplates {
  private readonly templates = new Map<string, Template>();
  private warned = false;

  constructor(
    private readonly family: string,
    private readonly mostShapes: number,
  ) {}

  /**
   * The statement `build` makes from `values`, compiled once for `shape`
   * and the names of the values present. `build` receives markers in place
   * of the present values (and undefined for the others) and must pass
   * each one, unchanged, to the query as a parameter.
   */
  compiled<R, V extends Record<string, unknown>>(shape: string, values: V, build: (markers: V) => CompiledQuery<R>): CompiledQuery<R> {
    const present = Object.keys(values).filter((name) => values[name] !== undefined);
    const key = `${shape}\u0000${present.join(',')}`;
    let template = this.templates.get(key);
    if (template === undefined) {
      if (this.templates.size >= this.mostShapes) {
        this.warnOnce();
        return build(values);
      }
      template = templateOf(present, build);
      this.templates.set(key, template);
    }
    const parameters = template.parameters.map((parameter) => ('value' in parameter ? values[parameter.value] : parameter.constant));
    return CompiledQuery.raw(template.sql, parameters) as CompiledQuery<R>;
  }

  private warnOnce(): void {
    if (this.warned) return;
    this.warned = true;
    process.emitWarning(`More than ${this.mostShapes} shapes of ${this.family} statements: the others are built every time`);
  }
}

function templateOf<R, V extends Record<string, unknown>>(present: readonly string[], build: (markers: V) => CompiledQuery<R>): Template {
  const first = markedTemplate(present, MARKER_SETS[0], build);
  const second = markedTemplate(present, MARKER_SETS[1], build);
  const same =
    first.sql === second.sql &&
    first.parameters.length === second.parameters.length &&
    first.parameters.every((parameter, index) => {
      const other = second.parameters[index];
      if ('value' in parameter) return other !== undefined && 'value' in other && other.value === parameter.value;
      return other !== undefined && 'constant' in other && sameConstant(other.constant, parameter.constant);
    });
  if (!same) throw new Error('The statement’s text depends on what its values hold: it cannot be compiled once for its shape');
  return first;
}

/** Two builds' constant: the same value, or arrays of the same values. */
function sameConstant(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => Object.is(item, b[index]));
  return Object.is(a, b);
}

function markedTemplate<R, V extends Record<string, unknown>>(
  present: readonly string[],
  marker: (name: string) => string,
  build: (markers: V) => CompiledQuery<R>,
): Template {
  const nameOf = new Map(present.map((name) => [marker(name), name]));
  const compiled = build(Object.fromEntries([...nameOf].map(([marked, name]) => [name, marked])) as V);
  if (compiled.sql.includes('\u0000'))
    throw new Error('A value was written into the statement’s text: it cannot be compiled once for its shape');
  const used = new Set<string>();
  const parameters = compiled.parameters.map((parameter) => {
    const value = typeof parameter === 'string' ? nameOf.get(parameter) : undefined;
    if (value !== undefined) {
      used.add(value);
      return { value };
    }
    if (holdsMarkerOrNaN(parameter)) throw new Error(`A value was changed on its way to the statement: ${String(parameter)}`);
    return { constant: parameter };
  });
  const unused = present.filter((name) => !used.has(name));
  if (unused.length > 0) throw new Error(`Values that are no parameter of the statement: ${unused.join(', ')}`);
  return { sql: compiled.sql, parameters };
}

/** A constant that is what a marker became: a text holding its NUL (in an array too), or a number made from one (NaN). */
function holdsMarkerOrNaN(parameter: unknown): boolean {
  if (typeof parameter === 'string') return parameter.includes('\u0000');
  if (typeof parameter === 'number') return Number.isNaN(parameter);
  return Array.isArray(parameter) && parameter.some(holdsMarkerOrNaN);
}
