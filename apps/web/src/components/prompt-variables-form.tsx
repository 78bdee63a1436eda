import { fillVariables, findVariables, variableLabel } from '@prompt-vault/shared/prompt-variables';
import { useCallback, useId, useMemo, useState } from 'react';
import { CopyButton } from './copy-button';
import { useRecordCopy } from '../lib/record-copy';
import { PromptText } from './prompt-text';
import './prompt-variables.css';

export const VARIABLES_FORM_TEXT = {
  heading: 'Fill in the variables',
  preview: 'Your prompt',
  copy: 'Copy filled prompt',
} as const;

/** A prompt's variables, the values typed for them so far, and the text with those values filled in. */
export interface PromptVariables {
  readonly names: readonly string[];
  readonly values: Readonly<Record<string, string>>;
  readonly setValue: (name: string, value: string) => void;
  /** The text with every variable that has a value filled in; the text itself while none has one. */
  readonly filled: string;
}

/**
 * The fill-in state of one prompt's variables. It lives with the page rather
 * than the form, since the page's 'Open in' menu opens the filled text too.
 */
export function usePromptVariables(text: string): PromptVariables {
  const names = useMemo(() => findVariables(text), [text]);
  const [values, setValues] = useState<Record<string, string>>({});
  const filled = useMemo(() => fillVariables(text, values), [text, values]);
  const setValue = useCallback((name: string, value: string) => setValues((current) => ({ ...current, [name]: value })), []);
  return { names, values, setValue, filled };
}

export interface PromptVariablesFormProps {
  readonly promptId: string;
  /** From usePromptVariables, called by the page with the prompt's text. */
  readonly variables: PromptVariables;
  /** Called when the clipboard refuses. */
  readonly onCopyError?: (error: unknown) => void;
  /** Says (or, with undefined, clears) that the server did not count a copy (action-notice.tsx). */
  readonly onNotice: (message: string | undefined) => void;
}

/**
 * A small form with one field per variable of the prompt, labelled readably
 * ('target_audience' reads 'Target audience'). Once a field has a value, the
 * filled text shows below it (placeholders still open stay highlighted) with
 * a Copy button that copies it and records the copy; before that the page's
 * own text is the only copy of the prompt on screen. Renders nothing for a
 * prompt without variables.
 */
export function PromptVariablesForm({
  promptId,
  variables: { names, values, setValue, filled },
  onCopyError,
  onNotice,
}: PromptVariablesFormProps) {
  const anyFilled = names.some((name) => (values[name] ?? '').trim() !== '');
  const recordCopy = useRecordCopy(onNotice);
  const id = useId();
  if (names.length === 0) return null;

  return (
    <section className="prompt-variables" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="prompt-variables-heading">
        {VARIABLES_FORM_TEXT.heading}
      </h2>
      <form className="prompt-variables-fields" onSubmit={(event) => event.preventDefault()}>
        {names.map((name, index) => (
          <div className="form-field" key={name}>
            <label className="form-label" htmlFor={`${id}-${index}`}>
              {variableLabel(name)}
            </label>
            <input
              id={`${id}-${index}`}
              className="input"
              type="text"
              autoComplete="off"
              value={values[name] ?? ''}
              onChange={(event) => setValue(name, event.target.value)}
            />
          </div>
        ))}
      </form>
      {anyFilled ? (
        <>
          <h3 id={`${id}-preview`} className="prompt-variables-preview-heading">
            {VARIABLES_FORM_TEXT.preview}
          </h3>
          <pre className="prompt-body prompt-variables-preview" aria-labelledby={`${id}-preview`} tabIndex={0}>
            <PromptText text={filled} />
          </pre>
          <CopyButton
            text={filled}
            label={VARIABLES_FORM_TEXT.copy}
            onCopied={() => {
              onNotice(undefined);
              recordCopy(promptId);
            }}
            onError={onCopyError}
          />
        </>
      ) : null}
    </section>
  );
}
