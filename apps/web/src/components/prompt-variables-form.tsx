import { fillVariables, findVariables, variableLabel } from '@prompt-vault/shared/prompt-variables';
import { useId, useMemo, useState } from 'react';
import { CopyButton } from './copy-button';
import { useRecordCopy } from '../lib/record-copy';
import { PromptText } from './prompt-text';
import './prompt-variables.css';

export const VARIABLES_FORM_TEXT = {
  heading: 'Fill in the variables',
  preview: 'Your prompt',
  copy: 'Copy filled prompt',
} as const;

export interface PromptVariablesFormProps {
  readonly promptId: string;
  readonly text: string;
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
export function PromptVariablesForm({ promptId, text, onCopyError, onNotice }: PromptVariablesFormProps) {
  const variables = useMemo(() => findVariables(text), [text]);
  const [values, setValues] = useState<Record<string, string>>({});
  const filled = useMemo(() => fillVariables(text, values), [text, values]);
  const anyFilled = variables.some((name) => (values[name] ?? '').trim() !== '');
  const recordCopy = useRecordCopy(onNotice);
  const id = useId();
  if (variables.length === 0) return null;

  return (
    <section className="prompt-variables" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="prompt-variables-heading">
        {VARIABLES_FORM_TEXT.heading}
      </h2>
      <form className="prompt-variables-fields" onSubmit={(event) => event.preventDefault()}>
        {variables.map((name, index) => (
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
              onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
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
