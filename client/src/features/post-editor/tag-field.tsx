// The post form's tags (issue 36): the chosen tags as a list, each with its Remove button, and a
// combobox that adds one (Enter or a comma adds what was typed; the list below suggests the site's
// tags that match, most used first: arrow keys and Enter, or a click). The ARIA 1.2 combobox
// pattern: focus stays in the input, the suggestion in view is its aria-activedescendant. What is
// typed and not yet added is added when the field is left, so no word typed is lost on saving.
import { useQuery } from '@apollo/client/react';
import { useState, type KeyboardEvent } from 'react';
import { normalizeTagName, tagSlug } from '#kernel/tag-rules.ts';
import { FormField } from '../../components/form/form-field';
import { graphql } from '../../gql';
import { tagsOf, tagsValue } from './post-form-values';
import './tag-field.css';

const TagSuggestionsQuery = graphql(`
  query TagSuggestions {
    tags {
      id
      name
      slug
      postCount
    }
  }
`);

/** How many suggestions the list shows at once. */
const SUGGESTIONS_SHOWN = 8;

interface TagFieldProps {
  /** The tags' names joined by commas (post-form-values.ts). */
  value: string;
  error?: string;
  onValueChange: (value: string) => void;
}

export function TagField({ value, error, onValueChange }: TagFieldProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { data } = useQuery(TagSuggestionsQuery);
  const chosen = tagsOf(value);
  const chosenSlugs = new Set(chosen.map(tagSlug));
  const typed = tagSlug(text);
  const suggestions = [...(data?.tags ?? [])]
    .filter((tag) => !chosenSlugs.has(tag.slug) && (typed === '' || tag.slug.includes(typed)))
    .sort((a, b) => b.postCount - a.postCount || a.name.localeCompare(b.name))
    .slice(0, SUGGESTIONS_SHOWN);
  const expanded = open && suggestions.length > 0;

  function add(name: string) {
    const normalized = normalizeTagName(name);
    setText('');
    setActive(-1);
    // The same tag twice (by its address) is kept once.
    if (normalized === '' || chosenSlugs.has(tagSlug(normalized))) return;
    onValueChange(tagsValue([...chosen, normalized]));
  }

  function remove(name: string) {
    onValueChange(tagsValue(chosen.filter((other) => other !== name)));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (suggestions.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From the input (-1) through the suggestions and round again.
      setActive((current) => {
        const next = current + step;
        if (next >= suggestions.length) return -1;
        return next < -1 ? suggestions.length - 1 : next;
      });
    } else if (event.key === 'Enter' || event.key === ',') {
      // Enter adds the tag; it never sends the form from here.
      const suggestion = expanded && active >= 0 ? suggestions[active] : undefined;
      if (suggestion || text.trim() !== '') event.preventDefault();
      if (suggestion) add(suggestion.name);
      else if (text.trim() !== '') add(text);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  const activeSuggestion = expanded && active >= 0 && active < suggestions.length ? suggestions[active] : undefined;
  return (
    <FormField label="Tags" error={error} note="Enter or a comma adds a tag; arrow keys pick a suggestion.">
      {(control) => (
        <>
          {chosen.length > 0 && (
            <ul className="tag-field-chosen" aria-label="Chosen tags">
              {chosen.map((name) => (
                <li key={name} className="tag-field-tag">
                  <span>{name}</span>
                  <button type="button" className="tag-field-remove" onClick={() => remove(name)}>
                    <span aria-hidden="true">×</span>
                    <span className="visually-hidden">Remove tag {name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="tag-field-combobox">
            <input
              {...control}
              className="form-input"
              role="combobox"
              autoComplete="off"
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={`${control.id}-list`}
              aria-activedescendant={activeSuggestion ? `${control.id}-option-${activeSuggestion.id}` : undefined}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setOpen(true);
                setActive(-1);
              }}
              onFocus={() => setOpen(true)}
              onBlur={() => {
                setOpen(false);
                if (text.trim() !== '') add(text);
              }}
              onKeyDown={onKeyDown}
            />
            <ul
              id={`${control.id}-list`}
              role="listbox"
              aria-label="Suggested tags"
              className="tag-field-suggestions"
              hidden={!expanded}
            >
              {suggestions.map((tag, index) => (
                <li
                  key={tag.id}
                  id={`${control.id}-option-${tag.id}`}
                  role="option"
                  aria-selected={index === active}
                  className="tag-field-suggestion"
                  // Picked before the input loses focus, so the blur adds nothing of its own.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    add(tag.name);
                  }}
                >
                  {tag.name} ({tag.postCount})
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
    </FormField>
  );
}
