import { Alert, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormFeedbackController } from './use-form-feedback';

interface Props {
  feedback: Pick<FormFeedbackController, 'state' | 'problemMessages'>;
  /** The form's own failure text (e.g. 'Failed to add the role.'), already translated. */
  failedMessage: string;
  successMessage?: string;
}

/** Sits above a form: server validation warnings, the form's failure message, or its success message. */
export function FormFeedback({ feedback, failedMessage, successMessage }: Props) {
  const { t } = useTranslation();
  if (feedback.problemMessages.length > 0) {
    return (
      <Alert color="yellow" title={t('form.problemHeading')} role="alert">
        <List size="sm">
          {feedback.problemMessages.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      </Alert>
    );
  }
  if (feedback.state === 'error') {
    return (
      <Alert color="red" title={t('form.failedHeading')} role="alert">
        {failedMessage}
      </Alert>
    );
  }
  if (feedback.state === 'success' && successMessage) {
    return (
      <Alert color="green" title={t('form.successHeading')} role="status">
        {successMessage}
      </Alert>
    );
  }
  return null;
}
