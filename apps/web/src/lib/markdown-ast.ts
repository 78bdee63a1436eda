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
  /** A fenced block; `output` marks a sample of what a model returned (```json output), not something to send. */
  | { readonly type: 'code'; readonly lang: string; readonly text: string; readonly output?: true }
  /** A '**Weak prompt**' or '**Better prompt**' label followed by a `prompt` or `messages` block. */
  | { readonly type: 'example'; readonly variant: ExampleVariant; readonly prompt: PromptContent }
  /**
   * A prompt with its parts named for teaching (```annotated): the labels are
   * shown beside the text but are not part of the prompt, so Copy leaves them out.
   */
  | { readonly type: 'annotated'; readonly parts: readonly AnnotatedPart[] }
  /** A practice task under '### Exercise N: title' (see compile.ts for the authoring form). */
  | ExerciseBlock
  | {
      readonly type: 'table';
      readonly align: readonly TableAlign[];
      readonly header: readonly (readonly Inline[])[];
      readonly rows: readonly (readonly (readonly Inline[])[])[];
    }
  | { readonly type: 'hr' };

export type ExampleVariant = 'weak' | 'better';

/** The chat roles an example may show as separate messages. */
export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatMessage {
  readonly role: ChatRole;
  readonly text: string;
}

/**
 * What an example sends: one prompt (a ```prompt block), or separate chat
 * messages (a ```messages block), each of which is copied on its own because
 * a system message is not something a reader pastes into a chat box.
 */
export type PromptContent =
  { readonly kind: 'text'; readonly text: string } | { readonly kind: 'messages'; readonly messages: readonly ChatMessage[] };

export interface AnnotatedPart {
  /** The teaching label ('Context', 'Instruction'); never copied. */
  readonly label: string;
  readonly text: string;
}

export interface ExerciseBlock {
  readonly type: 'exercise';
  /** The heading's anchor id. */
  readonly id: string;
  readonly number: number;
  /** The heading after 'Exercise N: '. */
  readonly title: readonly Inline[];
  /** What to do. */
  readonly task: readonly Block[];
  /** The prompt the learner starts from and improves. */
  readonly start: PromptContent;
  /** Self-check: what a good answer does, one rubric item per list item. */
  readonly rubric: readonly (readonly Block[])[];
  /** One good answer, shown with the rubric on demand. */
  readonly answer: PromptContent;
  /** Prose after the model answer (why it meets the rubric); may be empty. */
  readonly note: readonly Block[];
}

/** The text a reader pastes: a prompt's text, or an annotated prompt without its labels. */
export function annotatedText(parts: readonly AnnotatedPart[]): string {
  return parts.map((part) => part.text).join('\n\n');
}

/** Every text a prompt sends: its one text, or each message's. */
export function promptTexts(prompt: PromptContent): string[] {
  return prompt.kind === 'text' ? [prompt.text] : prompt.messages.map((message) => message.text);
}

/** Front matter and figures computed at build time, cheap enough to load for every page at once. */
export interface PageMeta {
  readonly title: string;
  readonly description: string;
  /** Only on section overviews ('Beginner', 'All levels'). */
  readonly level?: string;
  /** When the page was last checked against its sources, as YYYY-MM-DD. */
  readonly reviewed?: string;
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
