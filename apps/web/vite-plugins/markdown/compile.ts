import { Lexer, type Token, type Tokens } from 'marked';
import { parse as parseYaml } from 'yaml';
import {
  type AnnotatedPart,
  annotatedText,
  type Block,
  type ChatMessage,
  type ChatRole,
  type CompiledPage,
  type ExampleVariant,
  type ExerciseBlock,
  type Inline,
  type PageMeta,
  plainText,
  type PromptContent,
  promptTexts,
  readingMinutes,
  type TableAlign,
} from '../../src/lib/markdown-ast.ts';

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

const EXAMPLE_LABELS: Readonly<Record<string, ExampleVariant>> = {
  'Weak prompt': 'weak',
  'Better prompt': 'better',
};

/** The labelled parts of an exercise, in the order they must appear. */
const EXERCISE_LABELS = {
  start: 'Starting prompt',
  rubric: 'Self-check',
  answer: 'Model answer',
} as const;

const EXERCISE_HEADING = /^Exercise (\d+):\s*/;

/** Where a 'Try it' link may put one of the page's Better prompts: the Share Prompt form, as its prompt field. */
const SUBMIT_PATH = '/submit';
const EXAMPLE_PARAM = 'example';

/** A line that starts a part of an ```annotated or ```messages block: '--- Label'. */
const PART_MARKER = /^--- (\S.*)$/;

const CHAT_ROLES: readonly ChatRole[] = ['system', 'user', 'assistant'];

const CODE_FLAGS = new Set(['output']);

const REVIEWED_DATE = /^\d{4}-\d{2}-\d{2}$/;

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Thrown for content the renderer would not show faithfully, so the build stops instead. */
export class MarkdownContentError extends Error {
  override readonly name = 'MarkdownContentError';
}

type Fail = (message: string) => never;

/**
 * Compiles one Markdown page (YAML front matter + body) into its metadata and
 * a small block tree. `file` only names the page in error messages.
 */
export function compileMarkdown(source: string, file: string): CompiledPage {
  const fail: Fail = (message) => {
    throw new MarkdownContentError(`${file}: ${message}`);
  };
  const match = FRONT_MATTER.exec(source);
  if (!match) fail('missing YAML front matter (--- title/description ---)');
  const frontMatter: unknown = parseYaml(match?.[1] ?? '');
  const { title, description, level, reviewed } = readFrontMatter(frontMatter, fail);
  const body = source.slice(match?.[0].length ?? 0);

  const tokens = new Lexer({ gfm: true }).lex(body);
  const compiler = new BlockCompiler(fail, betterPrompts(tokens));
  const blocks = compiler.blocks(tokens);
  const proseWords = countProseWords(blocks);
  const totalWords = proseWords + countWords(collectCode(blocks));
  const meta: PageMeta = {
    title,
    description,
    ...(level === undefined ? {} : { level }),
    ...(reviewed === undefined ? {} : { reviewed }),
    proseWords,
    totalWords,
    readingMinutes: readingMinutes(totalWords),
  };
  return { meta, blocks };
}

interface FrontMatter {
  title: string;
  description: string;
  level?: string;
  reviewed?: string;
}

function readFrontMatter(value: unknown, fail: Fail): FrontMatter {
  if (typeof value !== 'object' || value === null) return fail('front matter must be a YAML mapping');
  const record = value as Record<string, unknown>;
  const text = (key: string, required: boolean): string | undefined => {
    const field = record[key];
    if (field === undefined && !required) return undefined;
    if (typeof field !== 'string' || field.trim() === '') return fail(`front matter needs a non-empty "${key}"`);
    return field.trim();
  };
  const result: FrontMatter = { title: text('title', true) ?? '', description: text('description', true) ?? '' };
  const level = text('level', false);
  if (level !== undefined) result.level = level;
  const reviewed = text('reviewed', false);
  if (reviewed !== undefined) {
    // A real calendar day, written as a reader would check it against a source's own date.
    const day = new Date(`${reviewed}T00:00:00Z`);
    if (!REVIEWED_DATE.test(reviewed) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== reviewed) {
      fail(`front matter "reviewed" must be a date written YYYY-MM-DD (got "${reviewed}")`);
    }
    result.reviewed = reviewed;
  }
  return result;
}

/** The label of a paragraph that is only bold text ('**Better prompt**'), else undefined. */
function labelOf(token: Token | undefined): string | undefined {
  if (token?.type !== 'paragraph') return undefined;
  const [only, ...rest] = (token as Tokens.Paragraph).tokens;
  if (rest.length > 0 || only?.type !== 'strong') return undefined;
  return (only as Tokens.Strong).text.trim();
}

const meaningfulTokens = (tokens: readonly Token[]) => tokens.filter((token) => token.type !== 'space' && token.type !== 'def');

const fenceLang = (token: Token | undefined): string =>
  token?.type === 'code' ? (((token as Tokens.Code).lang ?? '').trim().split(/\s+/)[0] ?? '') : '';

/** The page's Better prompts (plain ```prompt ones), in order, so a 'Try it' link can name one by number. */
function betterPrompts(tokens: readonly Token[]): (string | null)[] {
  const meaningful = meaningfulTokens(tokens);
  const prompts: (string | null)[] = [];
  meaningful.forEach((token, index) => {
    if (EXAMPLE_LABELS[labelOf(token) ?? ''] !== 'better') return;
    const next = meaningful[index + 1];
    // A messages example cannot fill one prompt field; it keeps its number so the count stays readable.
    prompts.push(fenceLang(next) === 'prompt' ? (next as Tokens.Code).text : null);
  });
  return prompts;
}

class BlockCompiler {
  private readonly headingIds = new Set<string>();

  constructor(
    private readonly fail: Fail,
    private readonly better: readonly (string | null)[],
  ) {}

  blocks(tokens: readonly Token[]): Block[] {
    const out: Block[] = [];
    const meaningful = meaningfulTokens(tokens);
    for (let index = 0; index < meaningful.length; index += 1) {
      const token = meaningful[index] as Token;
      const variant = EXAMPLE_LABELS[labelOf(token) ?? ''];
      if (variant) {
        out.push({ type: 'example', variant, prompt: this.examplePrompt(variant, meaningful[index + 1]) });
        index += 1;
        continue;
      }
      if (token.type === 'heading' && (token as Tokens.Heading).depth === 3 && EXERCISE_HEADING.test(token.text)) {
        // An exercise runs to the next heading of its level or above.
        let end = index + 1;
        while (end < meaningful.length && !(meaningful[end]?.type === 'heading' && (meaningful[end] as Tokens.Heading).depth <= 3)) {
          end += 1;
        }
        out.push(this.exercise(token as Tokens.Heading, meaningful.slice(index + 1, end)));
        index = end - 1;
        continue;
      }
      out.push(this.block(token));
    }
    return out;
  }

  private examplePrompt(variant: ExampleVariant, next: Token | undefined): PromptContent {
    return (
      this.promptContent(next) ?? this.fail(`the "${variant}" example label must be followed by a \`\`\`prompt or \`\`\`messages block`)
    );
  }

  /** A ```prompt or ```messages block as what it sends; undefined for anything else. */
  private promptContent(token: Token | undefined): PromptContent | undefined {
    const lang = fenceLang(token);
    if (lang === 'prompt') return { kind: 'text', text: (token as Tokens.Code).text };
    if (lang === 'messages') return { kind: 'messages', messages: this.messages((token as Tokens.Code).text) };
    return undefined;
  }

  private exercise(heading: Tokens.Heading, tokens: readonly Token[]): ExerciseBlock {
    const headingText = heading.text;
    const number = Number(EXERCISE_HEADING.exec(headingText)?.[1]);
    const where = `"${headingText}"`;
    const children = this.inlines(heading.tokens);
    const id = this.headingId(plainText(children));
    const title = stripLeadingText(children, EXERCISE_HEADING);
    if (plainText(title).trim() === '') this.fail(`${where} needs a title after the number`);

    let index = 0;
    const task: Block[] = [];
    while (index < tokens.length && labelOf(tokens[index]) === undefined) {
      task.push(this.proseBlock(tokens[index] as Token, where));
      index += 1;
    }
    if (task.length === 0) this.fail(`${where} needs a task before **${EXERCISE_LABELS.start}**`);
    const start = this.labelledPrompt(tokens, index, EXERCISE_LABELS.start, where);
    index += 2;
    if (labelOf(tokens[index]) !== EXERCISE_LABELS.rubric || tokens[index + 1]?.type !== 'list') {
      this.fail(`${where} needs **${EXERCISE_LABELS.rubric}** followed by a list (the rubric) after its starting prompt`);
    }
    const rubric = (tokens[index + 1] as Tokens.List).items.map((item) => this.blocks(item.tokens));
    index += 2;
    const answer = this.labelledPrompt(tokens, index, EXERCISE_LABELS.answer, where);
    index += 2;
    const note = tokens.slice(index).map((token) => this.proseBlock(token, where));
    return { type: 'exercise', id, number, title, task, start, rubric, answer, note };
  }

  /** A '**Label**' paragraph at `index` followed by a ```prompt or ```messages block. */
  private labelledPrompt(tokens: readonly Token[], index: number, label: string, where: string): PromptContent {
    const prompt = labelOf(tokens[index]) === label ? this.promptContent(tokens[index + 1]) : undefined;
    return prompt ?? this.fail(`${where} needs **${label}** followed by a \`\`\`prompt or \`\`\`messages block`);
  }

  /** Exercise text: paragraphs and lists only, so the parts of an exercise cannot be confused. */
  private proseBlock(token: Token, where: string): Block {
    if (token.type !== 'paragraph' && token.type !== 'list') {
      this.fail(`${where} may hold only paragraphs and lists outside its labelled parts (found ${token.type})`);
    }
    return this.block(token);
  }

  private block(token: Token): Block {
    switch (token.type) {
      case 'heading': {
        const heading = token as Tokens.Heading;
        const children = this.inlines(heading.tokens);
        return { type: 'heading', depth: heading.depth, id: this.headingId(plainText(children)), children };
      }
      case 'paragraph':
        return { type: 'paragraph', children: this.inlines((token as Tokens.Paragraph).tokens) };
      case 'text': {
        const text = token as Tokens.Text;
        return { type: 'text', children: this.inlines(text.tokens ?? [{ type: 'text', raw: text.raw, text: text.text }]) };
      }
      case 'list': {
        const list = token as Tokens.List;
        return {
          type: 'list',
          ordered: list.ordered,
          start: typeof list.start === 'number' ? list.start : 1,
          items: list.items.map((item) => this.blocks(item.tokens)),
        };
      }
      case 'blockquote':
        return { type: 'blockquote', children: this.blocks((token as Tokens.Blockquote).tokens) };
      case 'code':
        return this.code(token as Tokens.Code);
      case 'table': {
        const table = token as Tokens.Table;
        return {
          type: 'table',
          align: table.align.map((align): TableAlign => align ?? null),
          header: table.header.map((cell) => this.inlines(cell.tokens)),
          rows: table.rows.map((row) => row.map((cell) => this.inlines(cell.tokens))),
        };
      }
      case 'hr':
        return { type: 'hr' };
      default:
        return this.fail(`unsupported Markdown block "${token.type}" (${token.raw.slice(0, 40)})`);
    }
  }

  private code(code: Tokens.Code): Block {
    const [lang = '', ...flags] = (code.lang ?? '').trim().split(/\s+/).filter(Boolean);
    for (const flag of flags) {
      if (!CODE_FLAGS.has(flag)) this.fail(`unknown flag "${flag}" on a \`\`\`${lang} block`);
    }
    if (lang === 'annotated') return { type: 'annotated', parts: this.parts(code.text, 'annotated') };
    if (lang === 'messages') return this.fail('a ```messages block must follow a **Weak prompt** or **Better prompt** label');
    return { type: 'code', lang, text: code.text, ...(flags.includes('output') ? { output: true as const } : {}) };
  }

  private messages(text: string): ChatMessage[] {
    return this.parts(text, 'messages').map(({ label, text: body }) => {
      const role = CHAT_ROLES.find((candidate) => candidate === label);
      if (!role) return this.fail(`a \`\`\`messages part must be one of ${CHAT_ROLES.join(', ')} (got "${label}")`);
      return { role, text: body };
    });
  }

  /** Splits a block at '--- Label' lines; every line belongs to a labelled part. */
  private parts(text: string, lang: string): AnnotatedPart[] {
    const parts: { label: string; lines: string[] }[] = [];
    for (const line of text.split('\n')) {
      const marker = PART_MARKER.exec(line);
      if (marker) parts.push({ label: (marker[1] ?? '').trim(), lines: [] });
      else if (parts.length > 0) parts[parts.length - 1]?.lines.push(line);
      else if (line.trim() !== '') this.fail(`a \`\`\`${lang} block must start with a "--- Label" line`);
    }
    if (parts.length === 0) this.fail(`a \`\`\`${lang} block needs at least one "--- Label" part`);
    return parts.map(({ label, lines }) => {
      const body = lines
        .join('\n')
        .replace(/^\s*\n/, '')
        .trimEnd();
      if (body.trim() === '') this.fail(`the "${label}" part of a \`\`\`${lang} block is empty`);
      return { label, text: body };
    });
  }

  private inlines(tokens: readonly Token[] | undefined): Inline[] {
    const out: Inline[] = [];
    for (const token of tokens ?? []) {
      const inline = this.inline(token);
      const previous = out[out.length - 1];
      // Escapes and entities split text runs; merge them back to keep the tree small.
      if (inline.type === 'text' && previous?.type === 'text') {
        out[out.length - 1] = { type: 'text', text: previous.text + inline.text };
      } else {
        out.push(inline);
      }
    }
    return out;
  }

  private inline(token: Token): Inline {
    switch (token.type) {
      case 'text':
        return { type: 'text', text: this.decodeEntities((token as Tokens.Text).text) };
      case 'escape':
        return { type: 'text', text: (token as Tokens.Escape).text };
      case 'strong':
      case 'em':
      case 'del':
        return { type: token.type, children: this.inlines((token as Tokens.Strong).tokens) };
      case 'codespan':
        return { type: 'code', text: (token as Tokens.Codespan).text };
      case 'br':
        return { type: 'br' };
      case 'link': {
        const link = token as Tokens.Link;
        if (!/^(\/|#|https:\/\/|http:\/\/|mailto:)/.test(link.href)) this.fail(`link target not allowed: ${link.href}`);
        return { type: 'link', href: this.linkTarget(link.href), children: this.inlines(link.tokens) };
      }
      default:
        return this.fail(`unsupported inline Markdown "${token.type}" (${token.raw.slice(0, 40)})`);
    }
  }

  /**
   * '/submit?title=..&example=2' becomes the Share Prompt form filled with the
   * page's second Better prompt, so a lesson links to its own example without
   * repeating it (and the two can never drift apart).
   */
  private linkTarget(href: string): string {
    if (!href.startsWith(`${SUBMIT_PATH}?`)) return href;
    const params = new URLSearchParams(href.slice(SUBMIT_PATH.length + 1));
    const example = params.get(EXAMPLE_PARAM);
    if (example === null) return href;
    const prompt = this.better[Number(example) - 1];
    if (!/^[1-9]\d*$/.test(example) || prompt === undefined) {
      return this.fail(`${href}: the page has no Better prompt number ${example} (it has ${this.better.length})`);
    }
    if (prompt === null) return this.fail(`${href}: Better prompt number ${example} is a messages example, which has no single prompt`);
    const filled = new URLSearchParams();
    for (const [key, value] of params) {
      if (key === EXAMPLE_PARAM) filled.set('prompt', prompt);
      else filled.set(key, value);
    }
    return `${SUBMIT_PATH}?${filled.toString()}`;
  }

  private decodeEntities(text: string): string {
    return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
      const decoded = NAMED_ENTITIES[name.toLowerCase()];
      return decoded ?? this.fail(`unknown HTML entity ${entity}`);
    });
  }

  private headingId(text: string): string {
    const base =
      text
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s-]/gu, '')
        .trim()
        .replace(/\s+/g, '-') || 'section';
    let id = base;
    for (let suffix = 2; this.headingIds.has(id); suffix += 1) id = `${base}-${suffix}`;
    this.headingIds.add(id);
    return id;
  }
}

/** The inlines with `prefix` removed from the start of the first text run ('Exercise 1: ' from a heading). */
function stripLeadingText(inlines: readonly Inline[], prefix: RegExp): Inline[] {
  const [first, ...rest] = inlines;
  if (first?.type !== 'text') return [...inlines];
  const text = first.text.replace(prefix, '');
  return text === '' ? rest : [{ type: 'text', text }, ...rest];
}

function collectProse(blocks: readonly Block[]): string[] {
  return blocks.flatMap((block): string[] => {
    switch (block.type) {
      case 'heading':
      case 'paragraph':
      case 'text':
        return [plainText(block.children)];
      case 'list':
        return block.items.flatMap(collectProse);
      case 'blockquote':
        return collectProse(block.children);
      case 'table':
        return [...block.header, ...block.rows.flat()].map(plainText);
      case 'exercise':
        return [
          `Exercise ${block.number}: ${plainText(block.title)}`,
          ...collectProse(block.task),
          ...block.rubric.flatMap(collectProse),
          ...collectProse(block.note),
        ];
      default:
        return [];
    }
  });
}

function collectCode(blocks: readonly Block[]): string[] {
  return blocks.flatMap((block): string[] => {
    switch (block.type) {
      case 'code':
        return [block.text];
      case 'example':
        return promptTexts(block.prompt);
      case 'annotated':
        return [annotatedText(block.parts)];
      case 'exercise':
        return [...promptTexts(block.start), ...promptTexts(block.answer)];
      case 'list':
        return block.items.flatMap(collectCode);
      case 'blockquote':
        return collectCode(block.children);
      default:
        return [];
    }
  });
}

/** Words of prose in `blocks`: headings, paragraphs, lists, tables and exercise text, not code or example prompts. */
export function countProseWords(blocks: readonly Block[]): number {
  return countWords(collectProse(blocks));
}

/** Counts runs of letters or digits (apostrophes and hyphens join a word, as a reader sees it). */
export function countWords(texts: readonly string[]): number {
  return texts.reduce((sum, text) => sum + (text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0), 0);
}
