export { confirmDone, reportFailed } from './confirmation';
export { FormFeedback } from './form-feedback';
export {
  type FormFeedbackController,
  type FormState,
  flattenProblemErrors,
  useDelayedMessage,
  useFormFeedback,
} from './use-form-feedback';
