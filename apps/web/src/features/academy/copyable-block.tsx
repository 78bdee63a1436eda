import { CircleCheck, CircleX, Code } from 'lucide-react';
import { CopyButton } from '../../components/copy-button';
import type { ExampleVariant } from '../../../vite-plugins/markdown/ast';

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
};

interface CopyableBlockProps {
  readonly text: string;
  /** A weak/better example prompt, or a plain code block in `lang`. */
  readonly variant?: ExampleVariant;
  readonly lang?: string;
}

/** A prompt or code sample in monospace with its own Copy button. */
export function CopyableBlock({ text, variant, lang = '' }: CopyableBlockProps) {
  const label = variant ? VARIANT_LABEL[variant] : (LANGUAGE_LABEL[lang] ?? (lang || 'Example'));
  const Icon = variant === 'weak' ? CircleX : variant === 'better' ? CircleCheck : Code;
  return (
    <figure className={`copyable-block${variant ? ` copyable-block-${variant}` : ''}`}>
      <figcaption className="copyable-block-header">
        <span className="copyable-block-label">
          <Icon aria-hidden="true" size={16} />
          {label}
        </span>
        <CopyButton text={text} ariaLabel={`Copy ${label.toLowerCase()}`} className="copyable-block-copy" />
      </figcaption>
      <pre className="copyable-block-body">
        <code>{text}</code>
      </pre>
    </figure>
  );
}
