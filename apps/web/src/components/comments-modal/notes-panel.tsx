import { NOTE_LIMITS } from '@prompt-vault/shared/limits';
import { MESSAGES } from '@prompt-vault/shared/messages';
import { HONEYPOT_FIELD } from '@prompt-vault/shared/schemas';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ApiRequestError } from '../../lib/api-client';
import { relativeTime } from '../../lib/relative-time';
import { ReportButton } from '../report-button/report-button';
import { useCreateComment } from './api/create-comment';
import { commentsQueryOptions } from './api/get-comments';
import { type NoteErrors, type NoteField, liveNoteErrors, noteCounter, submitNoteErrors } from './note-rules';
import './notes-panel.css';

/** The notes of one prompt and the form to add one; used by the comments modal and the permalink page. */
export function NotesPanel({ promptId }: { readonly promptId: string }) {
  return (
    <div className="notes-panel">
      <NotesList promptId={promptId} />
      <NoteForm promptId={promptId} />
    </div>
  );
}

function NotesList({ promptId }: { readonly promptId: string }) {
  const notes = useQuery(commentsQueryOptions(promptId));

  if (notes.isPending) {
    return (
      <p className="notes-status" role="status">
        {MESSAGES.comments.loading}
      </p>
    );
  }
  if (notes.isError) {
    return (
      <div className="notes-status" role="alert">
        <p>{MESSAGES.notes.loadFailed}</p>
        <button type="button" className="button button-secondary" onClick={() => void notes.refetch()}>
          {MESSAGES.library.tryAgain}
        </button>
      </div>
    );
  }
  if (notes.data.length === 0) return <p className="notes-status">{MESSAGES.notes.empty}</p>;

  return (
    <ul className="notes-list" aria-label="Notes">
      {notes.data.map((note) => {
        const author = note.author?.trim() || MESSAGES.notes.anonymous;
        return (
          <li key={note._id} className="note">
            <div className="note-meta">
              <span className="note-author">{author}</span>
              <time className="note-date" dateTime={note.createdAt} title={new Date(note.createdAt).toLocaleString()}>
                {relativeTime(note.createdAt)}
              </time>
              <ReportButton targetType="comment" targetId={note._id} subject={`note by ${author}`} />
            </div>
            <p className="note-text">{note.text}</p>
          </li>
        );
      })}
    </ul>
  );
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 429) {
    return MESSAGES.rateLimited(error.retryAfterSeconds ?? 60);
  }
  return MESSAGES.notes.postFailed;
}

function NoteForm({ promptId }: { readonly promptId: string }) {
  const ids = { text: useId(), author: useId(), status: useId() };
  const [values, setValues] = useState<Record<NoteField, string>>({ text: '', author: '' });
  const [trap, setTrap] = useState('');
  const [errors, setErrors] = useState<NoteErrors>({});
  const [formError, setFormError] = useState('');
  const [posted, setPosted] = useState(false);
  const create = useCreateComment(promptId);

  function change(field: NoteField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    setPosted(false);
    // Over-limit errors follow the text; a 'required' error stays until the next submit.
    const live = liveNoteErrors(next);
    setErrors((current) => ({
      ...live,
      ...(field !== 'text' && current.text && !live.text && next.text.trim() === '' ? { text: current.text } : {}),
    }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    setFormError('');
    const found = submitNoteErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      { ...values, trap },
      {
        onSuccess: () => {
          setValues({ text: '', author: values.author });
          setPosted(true);
        },
        onError: (error) => {
          // What was typed stays in the form, so nothing is lost.
          const fields = error instanceof ApiRequestError ? error.body?.fields : undefined;
          if (fields) setErrors({ text: fields.text, author: fields.author });
          setFormError(fields ? '' : failureMessage(error));
        },
      },
    );
  }

  return (
    <form className="note-form" onSubmit={submit} noValidate aria-label="Add a note">
      <NoteTextField
        id={ids.text}
        field="text"
        label={MESSAGES.notes.textLabel}
        value={values.text}
        error={errors.text}
        onChange={change}
        multiline
      />
      <NoteTextField
        id={ids.author}
        field="author"
        label={MESSAGES.notes.authorLabel}
        value={values.author}
        error={errors.author}
        onChange={change}
      />
      {/* A trap for bots: invisible to people and to assistive technology. */}
      <div className="note-honeypot" aria-hidden="true">
        <label>
          Leave this empty
          <input
            type="text"
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            value={trap}
            onChange={(event) => setTrap(event.target.value)}
          />
        </label>
      </div>
      <div className="note-form-footer">
        <p id={ids.status} className={formError ? 'field-error' : 'note-posted'} role="status">
          {formError || (posted ? MESSAGES.notes.posted : '')}
        </p>
        {/*
          Not disabled while posting: a disabled button loses focus to the
          page body (and in the modal Tab would then go nowhere). It stays
          focusable and says it is busy; submit() ignores a second press.
        */}
        <button type="submit" className="button button-primary" aria-disabled={create.isPending || undefined}>
          {create.isPending ? MESSAGES.notes.submitting : MESSAGES.notes.submit}
        </button>
      </div>
    </form>
  );
}

interface NoteTextFieldProps {
  readonly id: string;
  readonly field: NoteField;
  readonly label: string;
  readonly value: string;
  readonly error: string | undefined;
  readonly onChange: (field: NoteField, value: string) => void;
  readonly multiline?: boolean;
}

function NoteTextField({ id, field, label, value, error, onChange, multiline }: NoteTextFieldProps) {
  const counter = noteCounter(value, field);
  const describedBy = [error ? `${id}-error` : '', counter ? `${id}-counter` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': field === 'text' ? true : undefined,
    'data-max': NOTE_LIMITS[field],
  } as const;

  return (
    <div className="form-field">
      <div className="note-field-label">
        <label className="form-label" htmlFor={id}>
          {label}
        </label>
        {counter && (
          <span id={`${id}-counter`} className={`note-counter${counter.over ? ' is-over' : ''}`}>
            {counter.text}
          </span>
        )}
      </div>
      {multiline ? (
        <textarea {...common} className="textarea" rows={3} onChange={(event) => onChange(field, event.target.value)} />
      ) : (
        <input
          {...common}
          className="input"
          type="text"
          autoComplete="nickname"
          onChange={(event) => onChange(field, event.target.value)}
        />
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
