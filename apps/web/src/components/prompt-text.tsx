import { splitPromptText } from '@prompt-vault/shared/prompt-variables';
import { Fragment, useMemo } from 'react';
import './prompt-variables.css';

export interface PromptTextProps {
  readonly text: string;
}

/**
 * A prompt's text with its `{{name}}` / `[name]` placeholders highlighted.
 * Everything is rendered as text nodes (React escapes them), never as HTML,
 * so a prompt containing markup shows the markup.
 */
export function PromptText({ text }: PromptTextProps) {
  const segments = useMemo(() => splitPromptText(text), [text]);
  return (
    <>
      {segments.map((segment, index) =>
        segment.kind === 'variable' ? (
          <mark key={index} className="prompt-variable" data-variable={segment.name}>
            {segment.text}
          </mark>
        ) : (
          <Fragment key={index}>{segment.text}</Fragment>
        ),
      )}
    </>
  );
}
