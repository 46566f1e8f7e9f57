export { DebouncedSearchInput, SEARCH_DEBOUNCE_MS } from './debounced-search-input';
