import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/** A short pause after typing, so a whole word, number or plate fetches once. */
export const SEARCH_DEBOUNCE_MS = 300;

type Props = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type'> & {
  /** The search as the list has it (from the address): a change from elsewhere refills the box. */
  value: string;
  /** Called with the trimmed text after a pause in typing, when it differs from what was last sent. */
  onSearch(search: string): void;
  /** Shorter searches (but not an empty one) are held back and `tooShortDescription` shows instead. */
  minLength?: number;
  tooShortDescription?: ReactNode;
};

/**
 * A list's search box: the typed text lives here and reaches the list after a pause. `pushed` is the
 * last value sent, so a change of the list's search from elsewhere (Back, a link) refills the box
 * without being sent back.
 */
export function DebouncedSearchInput({
  value,
  onSearch,
  minLength = 0,
  tooShortDescription,
  description,
  ...inputProps
}: Props) {
  const [typed, setTyped] = useState(value);
  const [debounced] = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const pushed = useRef(value);
  useEffect(() => {
    if (value !== pushed.current) {
      pushed.current = value;
      setTyped(value);
    }
  }, [value]);
  const latestOnSearch = useRef(onSearch);
  latestOnSearch.current = onSearch;
  const tooShort = debounced.length > 0 && debounced.length < minLength;
  useEffect(() => {
    if (debounced === pushed.current || tooShort) return;
    pushed.current = debounced;
    latestOnSearch.current(debounced);
  }, [debounced, tooShort]);

  return (
    <TextInput
      {...inputProps}
      type="search"
      description={tooShort ? tooShortDescription : description}
      value={typed}
      onChange={(event) => setTyped(event.currentTarget.value)}
    />
  );
}
