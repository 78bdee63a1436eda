import { HONEYPOT_FIELD } from '@prompt-vault/shared/limits';
import { MESSAGES } from '@prompt-vault/shared/messages';
import { useId } from 'react';
import './honeypot-field.css';

export interface HoneypotFieldProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
}

/**
 * The anti-spam honeypot of the share and comment forms. People never see or
 * reach it (off-screen, hidden from assistive technology, out of the Tab
 * order, no autofill), so a value in it means a bot filled every field; the
 * server then answers as usual and stores nothing (server/http/honeypot.ts).
 */
export function HoneypotField({ value, onChange }: HoneypotFieldProps) {
  const id = useId();
  return (
    <div className="honeypot-field" aria-hidden="true">
      <label htmlFor={id}>{MESSAGES.honeypotLabel}</label>
      <input
        id={id}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
