/**
 * The pre-parsed form of a Markdown page, produced at build time by the
 * markdown plugin and rendered by React components, so no HTML string from
 * the content ever reaches the DOM. Kept deliberately small: only what our
 * content uses; anything else fails the build.
 */

export type Inline =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'strong'; readonly children: readonly Inline[] }
  | { readonly type: 'em'; readonly children: readonly Inline[] }
  | { readonly type: 'del'; readonly children: readonly Inline[] }
  | { readonly type: 'code'; readonly text: string }
  | { readonly type: 'link'; readonly href: string; readonly children: readonly Inline[] }
  | { readonly type: 'br' };

export type TableAlign = 'left' | 'center' | 'right' | null;

export type Block =
  | { readonly type: 'heading'; readonly depth: number; readonly id: string; readonly children: readonly Inline[] }
  | { readonly type: 'paragraph'; readonly children: readonly Inline[] }
  /** The text of a tight list item: inline content without a paragraph around it. */
  | { readonly type: 'text'; readonly children: readonly Inline[] }
  | { readonly type: 'list'; readonly ordered: boolean; readonly start: number; readonly items: readonly (readonly Block[])[] }
  | { readonly type: 'blockquote'; readonly children: readonly Block[] }
  | { readonly type: 'code'; readonly lang: string; readonly text: string }
  /** A '**Weak prompt**' or '**Better prompt**' label followed by a `prompt` code block. */
  | { readonly type: 'example'; readonly variant: ExampleVariant; readonly text: string }
  | {
      readonly type: 'table';
      readonly align: readonly TableAlign[];
      readonly header: readonly (readonly Inline[])[];
      readonly rows: readonly (readonly (readonly Inline[])[])[];
    }
  | { readonly type: 'hr' };

export type ExampleVariant = 'weak' | 'better';

/** Front matter and figures computed at build time, cheap enough to load for every page at once. */
export interface PageMeta {
  readonly title: string;
  readonly description: string;
  /** Only on section overviews ('Beginner', 'All levels'). */
  readonly level?: string;
  /** Words of prose, code and examples excluded. */
  readonly proseWords: number;
  /** Every word a reader reads, examples included. */
  readonly totalWords: number;
  readonly readingMinutes: number;
}

export interface CompiledPage {
  readonly meta: PageMeta;
  readonly blocks: readonly Block[];
}

/** Average adult reading speed for instructional text, in words per minute. */
export const WORDS_PER_MINUTE = 220;

/** Whole minutes to read `words` words, at least one. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** The visible text of inline content. */
export function plainText(inlines: readonly Inline[]): string {
  return inlines
    .map((inline) => {
      switch (inline.type) {
        case 'text':
        case 'code':
          return inline.text;
        case 'br':
          return '\n';
        default:
          return plainText(inline.children);
      }
    })
    .join('');
}
