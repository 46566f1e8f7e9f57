export {
  findFirstHeading,
  findPageHeading,
  findStatusMessage,
  focusElement,
  focusWhenShown,
  PAGE_HEADING_ATTRIBUTE,
} from './focus-heading';
export { SkipLink } from './skip-link';
export { useFocusPageHeadingOnChange, useFocusStepHeading } from './use-focus-heading';
