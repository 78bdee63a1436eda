import { Lexer, type Token, type Tokens } from 'marked';
import { parse as parseYaml } from 'yaml';
import {
  type Block,
  type CompiledPage,
  type ExampleVariant,
  type Inline,
  type PageMeta,
  plainText,
  readingMinutes,
  type TableAlign,
} from './ast.ts';

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

const EXAMPLE_LABELS: Readonly<Record<string, ExampleVariant>> = {
  'Weak prompt': 'weak',
  'Better prompt': 'better',
};

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

/**
 * Compiles one Markdown page (YAML front matter + body) into its metadata and
 * a small block tree. `file` only names the page in error messages.
 */
export function compileMarkdown(source: string, file: string): CompiledPage {
  const fail = (message: string): never => {
    throw new MarkdownContentError(`${file}: ${message}`);
  };
  const match = FRONT_MATTER.exec(source);
  if (!match) fail('missing YAML front matter (--- title/description ---)');
  const frontMatter: unknown = parseYaml(match?.[1] ?? '');
  const { title, description, level } = readFrontMatter(frontMatter, fail);
  const body = source.slice(match?.[0].length ?? 0);

  const compiler = new BlockCompiler(fail);
  const blocks = compiler.blocks(new Lexer({ gfm: true }).lex(body));
  const proseWords = countWords(collectProse(blocks));
  const totalWords = proseWords + countWords(collectCode(blocks));
  const meta: PageMeta = {
    title,
    description,
    ...(level === undefined ? {} : { level }),
    proseWords,
    totalWords,
    readingMinutes: readingMinutes(totalWords),
  };
  return { meta, blocks };
}

function readFrontMatter(
  value: unknown,
  fail: (message: string) => never,
): { title: string; description: string; level?: string } {
  if (typeof value !== 'object' || value === null) return fail('front matter must be a YAML mapping');
  const record = value as Record<string, unknown>;
  const text = (key: string, required: boolean): string | undefined => {
    const field = record[key];
    if (field === undefined && !required) return undefined;
    if (typeof field !== 'string' || field.trim() === '') return fail(`front matter needs a non-empty "${key}"`);
    return field.trim();
  };
  const title = text('title', true) ?? '';
  const description = text('description', true) ?? '';
  const level = text('level', false);
  return level === undefined ? { title, description } : { title, description, level };
}

class BlockCompiler {
  private readonly headingIds = new Set<string>();

  constructor(private readonly fail: (message: string) => never) {}

  blocks(tokens: readonly Token[]): Block[] {
    const out: Block[] = [];
    const meaningful = tokens.filter((token) => token.type !== 'space' && token.type !== 'def');
    for (let index = 0; index < meaningful.length; index += 1) {
      const token = meaningful[index] as Token;
      const variant = token.type === 'paragraph' ? exampleLabel(token as Tokens.Paragraph) : undefined;
      if (variant) {
        const next = meaningful[index + 1];
        if (next?.type !== 'code' || (next as Tokens.Code).lang !== 'prompt') {
          this.fail(`the "${variant}" example label must be followed by a \`\`\`prompt block`);
        }
        out.push({ type: 'example', variant, text: (next as Tokens.Code).text });
        index += 1;
        continue;
      }
      out.push(this.block(token));
    }
    return out;
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
      case 'code': {
        const code = token as Tokens.Code;
        return { type: 'code', lang: (code.lang ?? '').trim(), text: code.text };
      }
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
        return { type: 'link', href: link.href, children: this.inlines(link.tokens) };
      }
      default:
        return this.fail(`unsupported inline Markdown "${token.type}" (${token.raw.slice(0, 40)})`);
    }
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

function exampleLabel(paragraph: Tokens.Paragraph): ExampleVariant | undefined {
  const [only, ...rest] = paragraph.tokens;
  if (rest.length > 0 || only?.type !== 'strong') return undefined;
  return EXAMPLE_LABELS[(only as Tokens.Strong).text.trim()];
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
      default:
        return [];
    }
  });
}

function collectCode(blocks: readonly Block[]): string[] {
  return blocks.flatMap((block): string[] => {
    switch (block.type) {
      case 'code':
      case 'example':
        return [block.text];
      case 'list':
        return block.items.flatMap(collectCode);
      case 'blockquote':
        return collectCode(block.children);
      default:
        return [];
    }
  });
}

/** Counts runs of letters or digits (apostrophes and hyphens join a word, as a reader sees it). */
export function countWords(texts: readonly string[]): number {
  return texts.reduce((sum, text) => sum + (text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0), 0);
}
