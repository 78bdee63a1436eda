import { MESSAGES } from '@prompt-vault/shared/messages';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { filterSuggestions, moveActive } from '../suggestions';

export interface SuggestionComboboxProps {
  readonly id: string;
  readonly name: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The distinct values already in the library; undefined while they load. */
  readonly suggestions: readonly string[] | undefined;
  readonly loading: boolean;
  /** 'No matching categories' / 'No matching models'. */
  readonly emptyText: string;
  /** Accessible name of the list ('Category suggestions'). */
  readonly listLabel: string;
  readonly invalid: boolean;
  readonly describedBy: string | undefined;
}

/**
 * Free text with a suggestion list, following the WAI-ARIA combobox pattern
 * (list autocomplete): the input keeps focus, aria-activedescendant points at
 * the highlighted option, arrows move, Enter picks, Escape closes. A click on
 * an option fills the field and closes the list; a click outside closes it.
 */
export function SuggestionCombobox({
  id,
  name,
  value,
  onChange,
  suggestions,
  loading,
  emptyText,
  listLabel,
  invalid,
  describedBy,
}: SuggestionComboboxProps): ReactNode {
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const rootRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const matches = useMemo(() => (loading ? [] : filterSuggestions(suggestions ?? [], value)), [loading, suggestions, value]);

  useEffect(() => {
    if (!open) return undefined;
    function closeOnOutsidePointer(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  // Keep the highlighted option in view as the arrows move through a long list.
  useEffect(() => {
    if (open && active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  function openList() {
    setOpen(true);
    setActive(-1);
  }

  function pick(choice: string) {
    onChange(choice);
    setOpen(false);
    setActive(-1);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        if (!open) {
          setOpen(true);
          setActive(moveActive(-1, step, matches.length));
        } else {
          setActive((current) => moveActive(current, step, matches.length));
        }
        break;
      }
      case 'Enter': {
        const choice = open && active >= 0 ? matches[active] : undefined;
        // Enter picks the highlighted option; with none it closes the list and submits the form as usual.
        if (choice !== undefined) {
          event.preventDefault();
          pick(choice);
        } else {
          setOpen(false);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
      case 'Tab':
        setOpen(false);
        break;
      default:
        break;
    }
  }

  const activeId = open && active >= 0 && active < matches.length ? optionId(active) : undefined;

  return (
    <div className="combobox" ref={rootRef}>
      <input
        id={id}
        name={name}
        className="input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-required="true"
        aria-invalid={invalid}
        aria-describedby={describedBy}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          openList();
        }}
        onClick={() => {
          if (!open) openList();
        }}
        onKeyDown={handleKeyDown}
      />
      {/* The list stays in the DOM (hidden when closed) so aria-controls always points at it. */}
      <ul id={listId} role="listbox" aria-label={listLabel} className="combobox-list" hidden={!open}>
        {/* Status lines are disabled options: a listbox may hold only options, and arrows skip them. */}
        {open && loading ? (
          <li className="combobox-status" role="option" aria-disabled="true" aria-selected="false">
            {MESSAGES.submit.loadingSuggestions}
          </li>
        ) : null}
        {open && !loading && matches.length === 0 ? (
          <li className="combobox-status" role="option" aria-disabled="true" aria-selected="false">
            {emptyText}
          </li>
        ) : null}
        {open && !loading
          ? matches.map((match, index) => (
              <li
                key={match}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={`combobox-option${index === active ? ' is-active' : ''}`}
                // Keep focus in the input, so the pick does not blur it first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(match)}
              >
                {match}
              </li>
            ))
          : null}
      </ul>
    </div>
  );
}
