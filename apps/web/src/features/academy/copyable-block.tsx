import { CircleCheck, CircleX, Code, FileOutput, type LucideIcon, MessageSquareText, Tags } from 'lucide-react';
import { CopyButton } from '../../components/copy-button';
import {
  type AnnotatedPart,
  annotatedText,
  type ChatMessage,
  type ChatRole,
  type ExampleVariant,
  type PromptContent,
} from '../../lib/markdown-ast';

const VARIANT_LABEL: Readonly<Record<ExampleVariant, string>> = {
  weak: 'Weak prompt',
  better: 'Better prompt',
};

const LANGUAGE_LABEL: Readonly<Record<string, string>> = {
  json: 'JSON',
  markdown: 'Markdown',
  python: 'Python',
  prompt: 'Prompt',
  sql: 'SQL',
  text: 'Text',
  typescript: 'TypeScript',
};

const ROLE_LABEL: Readonly<Record<ChatRole, string>> = {
  system: 'System message',
  user: 'User message',
  assistant: 'Assistant message',
};

/** Program code keeps its lines (wrapped code misleads); prose-like blocks wrap. */
const UNWRAPPED_LANGS = new Set(['json', 'python', 'sql', 'typescript']);

export const exampleLabel = (variant: ExampleVariant) => VARIANT_LABEL[variant];

/** A code block's label: its language, or 'Sample output' for what a model returned. */
export function codeLabel(lang: string, output = false): string {
  const language = LANGUAGE_LABEL[lang] ?? (lang || 'Example');
  return output ? `Sample output (${language})` : language;
}

export type Tone = ExampleVariant | 'plain';

const TONE_ICON: Readonly<Record<Tone, LucideIcon>> = { weak: CircleX, better: CircleCheck, plain: Code };

interface CopyableBlockProps {
  readonly text: string;
  /** Shown above the text and used in the Copy button's name ('Copy better prompt'). */
  readonly label: string;
  readonly tone?: Tone;
  readonly output?: boolean;
  /** The fenced block's language; program code scrolls sideways inside the block instead of wrapping. */
  readonly lang?: string;
}

/** A prompt or code sample in monospace with its own Copy button, which copies exactly the text shown. */
export function CopyableBlock({ text, label, tone = 'plain', output = false, lang = '' }: CopyableBlockProps) {
  const Icon = output ? FileOutput : TONE_ICON[tone];
  const unwrapped = UNWRAPPED_LANGS.has(lang);
  return (
    <figure className={`copyable-block${tone === 'plain' ? '' : ` copyable-block-${tone}`}`}>
      <figcaption className="copyable-block-header">
        <span className="copyable-block-label">
          <Icon aria-hidden="true" size={16} />
          {label}
        </span>
        <CopyButton text={text} ariaLabel={`Copy ${label.toLowerCase()}`} className="copyable-block-copy" />
      </figcaption>
      {unwrapped ? (
        // Scrolls sideways on phones; focusable with a name, so keyboards can scroll it too.
        <pre className="copyable-block-body is-unwrapped" tabIndex={0} aria-label={label}>
          <code>{text}</code>
        </pre>
      ) : (
        <pre className="copyable-block-body">
          <code>{text}</code>
        </pre>
      )}
    </figure>
  );
}

/** A prompt to copy: one text, or separate chat messages. */
export function PromptBlock({
  prompt,
  label,
  tone = 'plain',
}: {
  readonly prompt: PromptContent;
  readonly label: string;
  readonly tone?: Tone;
}) {
  return prompt.kind === 'text' ? (
    <CopyableBlock text={prompt.text} label={label} tone={tone} />
  ) : (
    <MessagesBlock messages={prompt.messages} label={label} tone={tone} />
  );
}

interface MessagesBlockProps {
  readonly messages: readonly ChatMessage[];
  readonly label: string;
  readonly tone: Tone;
}

/**
 * A prompt sent as separate chat messages. Each message has its own Copy
 * button: a system message goes in an app's system field, not in the chat box,
 * so the two are never copied as one text.
 */
function MessagesBlock({ messages, label, tone }: MessagesBlockProps) {
  const Icon = TONE_ICON[tone];
  return (
    <figure className={`copyable-block${tone === 'plain' ? '' : ` copyable-block-${tone}`} copyable-messages`}>
      <figcaption className="copyable-block-header">
        <span className="copyable-block-label">
          <Icon aria-hidden="true" size={16} />
          {label}
        </span>
        <span className="copyable-messages-count">{messages.length === 1 ? '1 message' : `${messages.length} messages`}</span>
      </figcaption>
      {messages.map((message, index) => (
        <section key={index} className="copyable-message" aria-label={ROLE_LABEL[message.role]}>
          <div className="copyable-message-header">
            <span className="copyable-message-role">
              <MessageSquareText aria-hidden="true" size={14} />
              {ROLE_LABEL[message.role]}
            </span>
            <CopyButton text={message.text} ariaLabel={`Copy ${ROLE_LABEL[message.role].toLowerCase()}`} className="copyable-block-copy" />
          </div>
          <pre className="copyable-block-body">
            <code>{message.text}</code>
          </pre>
        </section>
      ))}
    </figure>
  );
}

/**
 * A prompt with each part named beside it. The names teach; they are not
 * part of the prompt, so Copy gives only the text a reader would send.
 */
export function AnnotatedBlock({ parts }: { readonly parts: readonly AnnotatedPart[] }) {
  return (
    <figure className="copyable-block annotated-block">
      <figcaption className="copyable-block-header">
        <span className="copyable-block-label">
          <Tags aria-hidden="true" size={16} />
          Prompt, with its parts labelled
        </span>
        <CopyButton text={annotatedText(parts)} ariaLabel="Copy the prompt without its labels" className="copyable-block-copy" />
      </figcaption>
      <dl className="annotated-parts">
        {parts.map((part, index) => (
          <div key={index} className="annotated-part">
            <dt className="annotated-label">{part.label}</dt>
            <dd>
              <pre className="copyable-block-body">
                <code>{part.text}</code>
              </pre>
            </dd>
          </div>
        ))}
      </dl>
    </figure>
  );
}
