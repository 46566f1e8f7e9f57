import { Alert, Anchor, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ErrorSummaryController } from './use-error-summary';

/**
 * The GOV.UK error summary: after an invalid submit, every error in reading order, each a link that
 * moves focus to its field. Sits at the top of the form; renders nothing while there are no errors.
 */
export function ErrorSummary({
  summary,
}: {
  summary: Pick<ErrorSummaryController, 'errors' | 'focusField'>;
}) {
  const { t } = useTranslation();
  if (summary.errors.length === 0) return null;
  return (
    <Alert color="red" variant="outline" title={t('form.errorSummaryHeading')} data-testid="error-summary">
      <List size="sm">
        {summary.errors.map((error) => (
          <List.Item key={error.name}>
            <Anchor
              href={error.targetId ? `#${error.targetId}` : undefined}
              c="var(--mantine-color-error)"
              underline="always"
              onClick={(event) => {
                event.preventDefault();
                summary.focusField(error.name);
              }}
            >
              {error.message}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
