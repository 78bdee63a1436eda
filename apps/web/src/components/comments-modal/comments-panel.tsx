import { COMMENT_LIMITS } from '@prompt-vault/shared/limits';
import { MESSAGES } from '@prompt-vault/shared/messages';
import type { Comment } from '@prompt-vault/shared/schemas';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ApiRequestError } from '../../lib/api-client';
import { HoneypotField } from '../honeypot-field';
import { relativeTime } from '../../lib/relative-time';
import { ReportButton } from '../report-button/report-button';
import { useCreateComment } from './api/create-comment';
import { commentsQueryOptions } from './api/get-comments';
import { type CommentErrors, type CommentField, liveCommentErrors, commentCounter, submitCommentErrors } from './comment-rules';
import './comments-panel.css';

/** A prompt's comments, fetched each time a panel's holder mounts (commentsQueryOptions). */
export function useComments(promptId: string): UseQueryResult<Comment[]> {
  return useQuery(commentsQueryOptions(promptId));
}

/**
 * The comments have not answered yet since this holder asked. Fetching
 * again after a failure (Try Again, a note posted) is pending too, but what
 * is on screen then must stay: a draft, focus, the page around it. (Not the
 * cache's own error time: a failure on an earlier visit is kept for minutes.)
 */
export function commentsArriving(comments: UseQueryResult<Comment[]>): boolean {
  return comments.isPending && !comments.isFetchedAfterMount;
}

/**
 * The comments of one prompt and the form to add one; used by the comments
 * modal and the permalink page, which each fetch the comments (useComments):
 * the page asks for them beside the prompt and shows once both have come.
 */
export function CommentsPanel({ promptId, comments }: { readonly promptId: string; readonly comments: UseQueryResult<Comment[]> }) {
  return (
    <div className="comments-panel">
      <CommentsList comments={comments} />
      {/* The form comes once the notes have: arriving above it, they would push it down under the visitor's eyes. */}
      {!commentsArriving(comments) && <CommentForm promptId={promptId} />}
    </div>
  );
}

function CommentsList({ comments }: { readonly comments: UseQueryResult<Comment[]> }) {
  if (comments.isPending) {
    return (
      <p className="comments-status" role="status">
        {MESSAGES.comments.loading}
      </p>
    );
  }
  if (comments.isError) {
    return (
      <div className="comments-status" role="alert">
        <p>{MESSAGES.comments.loadFailed}</p>
        <button type="button" className="button button-secondary" onClick={() => void comments.refetch()}>
          {MESSAGES.library.tryAgain}
        </button>
      </div>
    );
  }
  if (comments.data.length === 0) return <p className="comments-status">{MESSAGES.comments.empty}</p>;

  return (
    <ul className="comments-list" aria-label="Notes">
      {comments.data.map((comment) => {
        const author = comment.author?.trim() || MESSAGES.comments.anonymous;
        return (
          <li key={comment._id} className="comment">
            <div className="comment-meta">
              <span className="comment-author">{author}</span>
              <time className="comment-date" dateTime={comment.createdAt} title={new Date(comment.createdAt).toLocaleString()}>
                {relativeTime(comment.createdAt)}
              </time>
              <ReportButton targetType="comment" targetId={comment._id} subject={`note by ${author}`} />
            </div>
            <p className="comment-text">{comment.text}</p>
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
  return MESSAGES.comments.postFailed;
}

function CommentForm({ promptId }: { readonly promptId: string }) {
  const ids = { text: useId(), author: useId(), status: useId() };
  const [values, setValues] = useState<Record<CommentField, string>>({ text: '', author: '' });
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<CommentErrors>({});
  const [formError, setFormError] = useState('');
  const [posted, setPosted] = useState(false);
  const create = useCreateComment(promptId);

  function change(field: CommentField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    setPosted(false);
    // Over-limit errors follow the text; a 'required' error stays until the next submit.
    const live = liveCommentErrors(next);
    setErrors((current) => ({
      ...live,
      ...(field !== 'text' && current.text && !live.text && next.text.trim() === '' ? { text: current.text } : {}),
    }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    setFormError('');
    const found = submitCommentErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      { ...values, honeypot },
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
    <form className="comment-form" onSubmit={submit} noValidate aria-label="Add a note">
      <CommentTextField
        id={ids.text}
        field="text"
        label={MESSAGES.comments.textLabel}
        value={values.text}
        error={errors.text}
        onChange={change}
        multiline
      />
      <CommentTextField
        id={ids.author}
        field="author"
        label={MESSAGES.comments.authorLabel}
        value={values.author}
        error={errors.author}
        onChange={change}
      />
      <HoneypotField value={honeypot} onChange={setHoneypot} />
      <div className="comment-form-footer">
        <p id={ids.status} className={formError ? 'field-error' : 'comment-posted'} role="status">
          {formError || (posted ? MESSAGES.comments.posted : '')}
        </p>
        {/*
          Not disabled while posting: a disabled button loses focus to the
          page body (and in the modal Tab would then go nowhere). It stays
          focusable and says it is busy; submit() ignores a second press.
        */}
        <button type="submit" className="button button-primary" aria-disabled={create.isPending || undefined}>
          {create.isPending ? MESSAGES.comments.submitting : MESSAGES.comments.submit}
        </button>
      </div>
    </form>
  );
}

interface CommentTextFieldProps {
  readonly id: string;
  readonly field: CommentField;
  readonly label: string;
  readonly value: string;
  readonly error: string | undefined;
  readonly onChange: (field: CommentField, value: string) => void;
  readonly multiline?: boolean;
}

function CommentTextField({ id, field, label, value, error, onChange, multiline }: CommentTextFieldProps) {
  const counter = commentCounter(value, field);
  const describedBy = [error ? `${id}-error` : '', counter ? `${id}-counter` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': field === 'text' ? true : undefined,
    'data-max': COMMENT_LIMITS[field],
  } as const;

  return (
    <div className="form-field">
      <div className="comment-field-label">
        <label className="form-label" htmlFor={id}>
          {label}
        </label>
        {counter && (
          <span id={`${id}-counter`} className={`comment-counter${counter.over ? ' is-over' : ''}`}>
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
