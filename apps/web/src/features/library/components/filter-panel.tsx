import { MESSAGES } from '@prompt-vault/shared/messages';
import { searchTextOf } from '@prompt-vault/shared/search-text';
import { ChevronDown, Search, SlidersHorizontal, X } from 'lucide-react';
import { type RefObject, useId, useState } from 'react';
import type { Facets } from '@prompt-vault/shared/schemas';
import {
  type FilterKey,
  type LibraryFilters,
  type LibrarySort,
  activeFilterChips,
  hasActiveFilter,
  selectOptions,
  tagFilterOptions,
  withTagToggled,
} from '../filters';

interface FilterPanelProps {
  readonly filters: LibraryFilters;
  /** What the search box shows (the URL follows it after the debounce). */
  readonly searchText: string;
  readonly onSearchTextChange: (text: string) => void;
  readonly onSearchClear: () => void;
  readonly searchRef: RefObject<HTMLInputElement | null>;
  readonly facets: Facets | undefined;
  readonly onChange: (next: LibraryFilters) => void;
  /** Removes one filter; for a tag's chip, only that tag. */
  readonly onRemove: (key: FilterKey, tag?: string) => void;
  readonly onClearAll: () => void;
}

/** 'Refine Results': search box, 'Clear', the four selects and the tags behind 'More Filters', and the Active filters chips. */
export function FilterPanel(props: FilterPanelProps) {
  const { filters, searchText, facets, onChange } = props;
  const ids = {
    heading: useId(),
    search: useId(),
    selects: useId(),
    category: useId(),
    model: useId(),
    sort: useId(),
    liked: useId(),
  };
  // The selects start open when a shared link already uses one of them.
  const [open, setOpen] = useState(() =>
    Boolean(filters.category || filters.model || filters.sort || filters.likedOnly || filters.tags.length > 0),
  );
  const active = hasActiveFilter(filters) || searchTextOf(searchText) !== '';
  const chips = activeFilterChips(filters);

  return (
    <section className="filter-panel card-surface" aria-labelledby={ids.heading}>
      <div className="filter-panel-top">
        <h2 id={ids.heading} className="filter-panel-title">
          <SlidersHorizontal aria-hidden="true" size={18} />
          {MESSAGES.library.refineResults}
        </h2>
        <button
          type="button"
          className="button button-ghost filter-toggle"
          aria-expanded={open}
          aria-controls={ids.selects}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? MESSAGES.library.lessFilters : MESSAGES.library.moreFilters}
          <ChevronDown aria-hidden="true" size={16} className={open ? 'is-flipped' : undefined} />
        </button>
      </div>

      <div className="filter-search-row">
        <div className="search-box">
          <Search aria-hidden="true" size={18} className="search-icon" />
          <label htmlFor={ids.search} className="visually-hidden">
            Search prompts
          </label>
          <input
            ref={props.searchRef}
            id={ids.search}
            className="input search-input"
            type="search"
            placeholder={MESSAGES.library.searchPlaceholder}
            value={searchText}
            onChange={(event) => props.onSearchTextChange(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            aria-keyshortcuts="/"
          />
          {searchText && (
            <button type="button" className="search-clear" aria-label="Clear search" onClick={props.onSearchClear}>
              <X aria-hidden="true" size={16} />
            </button>
          )}
          {!searchText && (
            <kbd className="search-hint" aria-hidden="true">
              /
            </kbd>
          )}
        </div>
        {active && (
          <button type="button" className="button button-secondary" onClick={props.onClearAll}>
            {MESSAGES.library.clear}
          </button>
        )}
      </div>

      <div id={ids.selects} className="filter-selects" hidden={!open}>
        <FacetSelect
          id={ids.category}
          label="Category"
          allLabel={MESSAGES.library.allCategories}
          names={facets?.categories.map((facet) => facet.name) ?? []}
          value={filters.category}
          onChange={(category) => onChange({ ...filters, category })}
        />
        <FacetSelect
          id={ids.model}
          label="Model"
          allLabel={MESSAGES.library.allModels}
          names={facets?.models.map((facet) => facet.name) ?? []}
          value={filters.model}
          onChange={(model) => onChange({ ...filters, model })}
        />
        <div className="form-field">
          <label className="form-label" htmlFor={ids.sort}>
            Sort
          </label>
          <select
            id={ids.sort}
            className="select"
            value={filters.sort}
            onChange={(event) => onChange({ ...filters, sort: event.target.value as LibrarySort })}
          >
            <option value="">{MESSAGES.library.sortByLikes}</option>
            <option value="likes_desc">{MESSAGES.library.mostPopular}</option>
            <option value="likes_asc">{MESSAGES.library.leastPopular}</option>
            {searchTextOf(filters.q) !== '' && <option value="relevance">{MESSAGES.library.bestMatch}</option>}
          </select>
        </div>
        <div className="form-field">
          <label className="form-label" htmlFor={ids.liked}>
            Liked status
          </label>
          <select
            id={ids.liked}
            className="select"
            value={filters.likedOnly ? 'true' : ''}
            onChange={(event) => onChange({ ...filters, likedOnly: event.target.value === 'true' })}
          >
            <option value="">{MESSAGES.library.allPrompts}</option>
            <option value="true">{MESSAGES.library.likedByMe}</option>
          </select>
        </div>
        <TagFilter
          options={tagFilterOptions(facets?.tags ?? [], filters.tags)}
          chosen={filters.tags}
          onToggle={(tag) => onChange(withTagToggled(filters, tag))}
        />
      </div>

      {chips.length > 0 && (
        <div className="active-filters">
          <span className="active-filters-label" id={`${ids.heading}-chips`}>
            {MESSAGES.library.activeFilters}
          </span>
          <ul className="chip-list" aria-labelledby={`${ids.heading}-chips`}>
            {chips.map((chip) => (
              <li key={`${chip.key}:${chip.tag ?? ''}`}>
                <button
                  type="button"
                  className="filter-chip"
                  aria-label={`Remove filter ${chip.label}`}
                  title={chip.label}
                  onClick={() => props.onRemove(chip.key, chip.tag)}
                >
                  <span>{chip.label}</span>
                  <X aria-hidden="true" size={14} />
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

interface FacetSelectProps {
  readonly id: string;
  readonly label: string;
  /** The first option, which clears the filter ('All Categories', 'All Models'). */
  readonly allLabel: string;
  readonly names: readonly string[];
  readonly value: string;
  readonly onChange: (value: string) => void;
}

/** A category or model select: 'All ...' first, then the library's values. */
function FacetSelect({ id, label, allLabel, names, value, onChange }: FacetSelectProps) {
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="select" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{allLabel}</option>
        {selectOptions(names, value).map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}

interface TagFilterProps {
  /** The most used tags, then any chosen beyond them. */
  readonly options: readonly string[];
  readonly chosen: readonly string[];
  readonly onToggle: (tag: string) => void;
}

/**
 * The multi-select tag filter: one toggle button per tag (aria-pressed), so
 * each is reached with Tab and switched with Enter or Space; prompts must
 * carry every chosen tag. Nothing shows while the library has no tags.
 */
function TagFilter({ options, chosen, onToggle }: TagFilterProps) {
  if (options.length === 0) return null;
  return (
    <fieldset className="tag-filter">
      <legend className="form-label">{MESSAGES.tags.filterLegend}</legend>
      <ul className="tag-filter-list">
        {options.map((tag) => (
          <li key={tag}>
            <button type="button" className="tag-toggle" aria-pressed={chosen.includes(tag)} onClick={() => onToggle(tag)}>
              {tag}
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
