import { HONEYPOT_FIELD, PROMPT_FIELDS, PROMPT_LIMITS, type PromptField, SUCCESS_NOTICE_MS, TAG_LIMITS } from '@prompt-vault/shared/limits';
import { MESSAGES } from '@prompt-vault/shared/messages';
import { Copy, GraduationCap, Info, Send } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { HoneypotField } from '../../components/honeypot-field';
import { Notification } from '../../components/notification';
import { paths } from '../../config/paths';
import { useCreatePrompt } from './api/create-prompt';
import { useSimilarPrompt } from './api/find-similar';
import { useFacets } from '../../lib/facets-query';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SuggestionCombobox } from './components/suggestion-combobox';
import {
  EMPTY_FORM,
  type FormValues,
  counterState,
  emptyFields,
  limitErrors,
  submitBlocker,
  tagSuggestions,
  tagsError,
  tagsFromText,
} from './form-state';
import { prefillFromQuery } from './prefill';
import { describeSubmitFailure } from './submit-error';
import './submit.css';

type Notice =
  { readonly kind: 'success'; readonly promptId: string } | { readonly kind: 'error'; readonly message: string; readonly link?: string };

type FieldErrors = Partial<Record<PromptField, string>>;

const LABELS: Record<PromptField, string> = {
  title: MESSAGES.submit.titleLabel,
  prompt: MESSAGES.submit.promptLabel,
  category: MESSAGES.submit.categoryLabel,
  model: MESSAGES.submit.modelLabel,
};

export function SubmitPage() {
  useDocumentTitle(MESSAGES.sidebar.submit);
  const formId = useId();
  const fieldId = (field: PromptField) => `${formId}-${field}`;
  const location = useLocation();
  const navigate = useNavigate();
  // A link may fill the form in (the Academy's 'Try it'); read once, when the page opens.
  const [prefill] = useState(() => prefillFromQuery(location.search));
  const [values, setValues] = useState<FormValues>(prefill.values);
  const [showPrefilled, setShowPrefilled] = useState(prefill.prefilled);
  const [honeypot, setHoneypot] = useState('');
  // Optional tags, typed as one comma-separated text (tagsFromText).
  const [tagsText, setTagsText] = useState('');
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  // Empty fields are highlighted only after a submit attempt, not while the visitor starts typing.
  const [attempted, setAttempted] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const facets = useFacets();
  const createPrompt = useCreatePrompt();
  const similar = useSimilarPrompt(values);

  // The success notice shows for 5 seconds (spec section 9).
  useEffect(() => {
    if (notice?.kind !== 'success') return undefined;
    const timer = setTimeout(() => setNotice(null), SUCCESS_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const overLimit = limitErrors(values);
  const fieldErrors: FieldErrors = { ...serverErrors, ...overLimit };
  const tagsProblem = tagsError(tagsText);
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  const missing = attempted ? new Set(emptyFields(values)) : new Set<PromptField>();

  function update(field: PromptField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _removed, ...rest } = current;
      return rest;
    });
    if (notice?.kind === 'error') setNotice(null);
  }

  function focusFirst(fields: readonly PromptField[]) {
    const first = PROMPT_FIELDS.find((field) => fields.includes(field));
    if (first) document.getElementById(fieldId(first))?.focus();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (createPrompt.isPending) return;
    setAttempted(true);
    const blocker = submitBlocker(values, hasFieldErrors || tagsProblem !== undefined);
    if (blocker) {
      setNotice({ kind: 'error', message: blocker });
      const fieldsToFix = hasFieldErrors ? (Object.keys(fieldErrors) as PromptField[]) : emptyFields(values);
      if (fieldsToFix.length === 0 && tagsProblem) document.getElementById(`${formId}-tags`)?.focus();
      else focusFirst(fieldsToFix);
      return;
    }
    setNotice(null);
    const tags = tagsFromText(tagsText);
    createPrompt.mutate(
      { ...values, ...(tags.length > 0 ? { tags } : {}), [HONEYPOT_FIELD]: honeypot },
      {
        onSuccess: (created) => {
          setValues(EMPTY_FORM);
          setTagsText('');
          setShowPrefilled(false);
          // Drop the link's values from the address, so a reload does not fill the form in again.
          if (location.search) navigate(paths.submit, { replace: true });
          setHoneypot('');
          setServerErrors({});
          setAttempted(false);
          setNotice({ kind: 'success', promptId: created._id });
        },
        // What was typed stays, so the visitor can fix it or try again.
        onError: (error) => {
          const failure = describeSubmitFailure(error);
          setServerErrors(failure.fields);
          setNotice({ kind: 'error', message: failure.message, link: failure.link });
        },
      },
    );
  }

  function describedBy(field: PromptField, ...extra: string[]): string {
    // A hidden counter would still be read out through aria-describedby, so it is referenced only when shown.
    const counterShown = counterState(values[field], PROMPT_LIMITS[field]).visible;
    return [fieldErrors[field] ? `${fieldId(field)}-error` : '', counterShown ? `${fieldId(field)}-counter` : '', ...extra]
      .filter(Boolean)
      .join(' ');
  }

  function fieldFrame(field: PromptField, control: ReactNode, hint?: ReactNode) {
    const counter = counterState(values[field], PROMPT_LIMITS[field]);
    const error = fieldErrors[field];
    return (
      <div className={`form-field submit-field submit-field-${field}`}>
        <div className="submit-label-row">
          <label className="form-label" htmlFor={fieldId(field)}>
            {LABELS[field]}
            <span className="submit-required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <span
            id={`${fieldId(field)}-counter`}
            className={`submit-counter${counter.over ? ' is-over' : ''}`}
            data-testid={`${field}-counter`}
            hidden={!counter.visible}
          >
            {counter.text}
          </span>
        </div>
        {control}
        {hint}
        {error ? (
          <p id={`${fieldId(field)}-error`} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
    );
  }

  const suggestionsLoading = facets.isPending;
  const invalid = (field: PromptField) => Boolean(fieldErrors[field]) || missing.has(field);

  return (
    <div className="page submit-page">
      <header className="submit-header">
        <div>
          <h1 className="page-title">{MESSAGES.submit.title}</h1>
          <p className="page-subtitle">{MESSAGES.submit.subtitle}</p>
        </div>
        <Link className="button button-secondary submit-academy-link" to={paths.academy}>
          <GraduationCap aria-hidden="true" size={18} />
          {MESSAGES.submit.improveLink}
        </Link>
      </header>

      <form className="card-surface submit-form" noValidate onSubmit={handleSubmit} aria-labelledby={`${formId}-heading`}>
        <h2 id={`${formId}-heading`} className="visually-hidden">
          {MESSAGES.submit.title}
        </h2>

        {showPrefilled ? (
          <div className="submit-prefilled" role="note">
            <Info aria-hidden="true" size={18} />
            <p>{MESSAGES.submit.prefilled}</p>
          </div>
        ) : null}

        {hasFieldErrors ? (
          <div className="submit-limits" data-testid="limits-banner">
            <Info aria-hidden="true" size={18} />
            <p>{MESSAGES.submit.limitsBanner(PROMPT_LIMITS)}</p>
          </div>
        ) : null}

        {fieldFrame(
          'title',
          <input
            id={fieldId('title')}
            name="title"
            className="input"
            type="text"
            autoComplete="off"
            aria-required="true"
            aria-invalid={invalid('title')}
            aria-describedby={describedBy('title')}
            value={values.title}
            onChange={(event) => update('title', event.target.value)}
          />,
        )}

        {fieldFrame(
          'prompt',
          <textarea
            id={fieldId('prompt')}
            name="prompt"
            className="textarea submit-prompt-text"
            rows={6}
            aria-required="true"
            aria-invalid={invalid('prompt')}
            aria-describedby={describedBy('prompt', `${fieldId('prompt')}-hint`)}
            value={values.prompt}
            onChange={(event) => update('prompt', event.target.value)}
          />,
          <p id={`${fieldId('prompt')}-hint`} className="submit-hint">
            {MESSAGES.submit.variablesHint}
          </p>,
        )}

        {/* Polite and always present, so screen readers announce the note when it appears without moving focus. */}
        <div className="submit-similar" role="status" aria-live="polite" data-testid="similar-note">
          {similar ? (
            <p>
              <Copy aria-hidden="true" size={18} />
              <span>
                {MESSAGES.submit.similarExists} <Link to={paths.prompt(similar._id)}>{similar.title}</Link>
              </span>
            </p>
          ) : null}
        </div>

        <div className="submit-pair">
          {fieldFrame(
            'category',
            <SuggestionCombobox
              id={fieldId('category')}
              name="category"
              value={values.category}
              onChange={(value) => update('category', value)}
              suggestions={facets.data?.categories.map((facet) => facet.name)}
              loading={suggestionsLoading}
              emptyText={MESSAGES.submit.noMatchingCategories}
              listLabel={MESSAGES.submit.categorySuggestions}
              invalid={invalid('category')}
              describedBy={describedBy('category')}
            />,
          )}
          {fieldFrame(
            'model',
            <SuggestionCombobox
              id={fieldId('model')}
              name="model"
              value={values.model}
              onChange={(value) => update('model', value)}
              suggestions={facets.data?.models.map((facet) => facet.name)}
              loading={suggestionsLoading}
              emptyText={MESSAGES.submit.noMatchingModels}
              listLabel={MESSAGES.submit.modelSuggestions}
              invalid={invalid('model')}
              describedBy={describedBy('model')}
            />,
          )}
        </div>

        <div className="form-field submit-field submit-field-tags">
          <label className="form-label" htmlFor={`${formId}-tags`}>
            {MESSAGES.submit.tagsLabel}
          </label>
          <input
            id={`${formId}-tags`}
            name="tags"
            className="input"
            type="text"
            autoComplete="off"
            spellCheck={false}
            list={`${formId}-tag-suggestions`}
            aria-invalid={tagsProblem !== undefined}
            aria-describedby={[`${formId}-tags-hint`, tagsProblem ? `${formId}-tags-error` : ''].filter(Boolean).join(' ')}
            value={tagsText}
            onChange={(event) => {
              setTagsText(event.target.value);
              if (notice?.kind === 'error') setNotice(null);
            }}
          />
          {/* The tags in use, offered for the tag being typed: a native datalist, announced and keyboard-driven by the browser. */}
          <datalist id={`${formId}-tag-suggestions`} aria-label={MESSAGES.submit.tagSuggestions}>
            {tagSuggestions(tagsText, facets.data?.tags.map((facet) => facet.name) ?? []).map((suggestion) => (
              <option key={suggestion} value={suggestion} />
            ))}
          </datalist>
          <p id={`${formId}-tags-hint`} className="submit-hint">
            {MESSAGES.submit.tagsHint(TAG_LIMITS.perPrompt)}
          </p>
          {tagsProblem ? (
            <p id={`${formId}-tags-error`} className="field-error">
              {tagsProblem}
            </p>
          ) : null}
        </div>

        <HoneypotField value={honeypot} onChange={setHoneypot} />

        {notice?.kind === 'success' ? (
          <Notification type="success">
            <p>
              {MESSAGES.submit.success} <Link to={paths.prompt(notice.promptId)}>{MESSAGES.submit.openNewPrompt}</Link>
            </p>
          </Notification>
        ) : null}
        {notice?.kind === 'error' ? (
          <Notification type="error">
            <p>
              {notice.message}
              {notice.link ? (
                <>
                  {' '}
                  <Link to={notice.link}>{MESSAGES.submit.openExistingPrompt}</Link>
                </>
              ) : null}
            </p>
          </Notification>
        ) : null}

        <div className="submit-actions">
          <button type="submit" className="button button-primary submit-button" disabled={createPrompt.isPending}>
            <Send aria-hidden="true" size={18} />
            {createPrompt.isPending ? MESSAGES.submit.submitting : MESSAGES.submit.button}
          </button>
        </div>
      </form>
    </div>
  );
}
