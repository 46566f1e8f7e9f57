export { confirmDone, reportFailed } from './confirmation';
export { ErrorSummary } from './error-summary';
export { type LocatedError, locateErrors, locateField } from './field-locator';
export { FormFeedback } from './form-feedback';
export {
  type ErrorSummaryController,
  flattenFieldErrors,
  summaryFormOptions,
  useErrorSummary,
} from './use-error-summary';
export {
  type FormFeedbackController,
  type FormState,
  flattenProblemErrors,
  useDelayedMessage,
  useFormFeedback,
} from './use-form-feedback';
