export {
  findFirstHeading,
  findPageHeading,
  findStatusMessage,
  focusElement,
  focusWhenShown,
} from './focus-heading';
export { SkipLink } from './skip-link';
export { useFocusPageHeadingOnChange, useFocusStepHeading } from './use-focus-heading';
