import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode, Ref } from 'react';
import {
  ErrorSummary,
  type ErrorSummaryController,
  FormFeedback,
  type FormFeedbackController,
} from '../form-feedback';

/** A grid of checkboxes, one per site or group (inside a CheckboxesField). */
export function SiteCheckboxes({ sites }: { sites: readonly { siteNumber: string; name: string }[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
      {sites.map((site) => (
        <Checkbox key={site.siteNumber} value={site.siteNumber} label={`${site.siteNumber} ${site.name}`} />
      ))}
    </SimpleGrid>
  );
}

interface CompanyAdminFormProps {
  title: string;
  /** Said instead of the form to the operator's staff, who make none of these for a company. */
  operatorNotice: string | null;
  summary: ErrorSummaryController;
  feedback: FormFeedbackController;
  failedMessage: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  cancelLabel: string;
  submitLabel: string;
  stepRef: Ref<HTMLDivElement>;
  children: ReactNode;
}

/**
 * The frame of a client manager's add form for their company's systems (an API key, a webhook): its
 * heading, the error summary and feedback, the fields, and Cancel beside the submit button.
 */
export function CompanyAdminForm(props: CompanyAdminFormProps) {
  const { summary, feedback } = props;
  return (
    <Stack maw={720} ref={props.stepRef}>
      <Title order={1}>{props.title}</Title>
      {props.operatorNotice !== null ? (
        <Alert color="blue">{props.operatorNotice}</Alert>
      ) : (
        <form ref={summary.formRef} onSubmit={props.onSubmit} noValidate>
          <fieldset disabled={feedback.isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
            <Stack>
              <ErrorSummary summary={summary} />
              <FormFeedback feedback={feedback} failedMessage={props.failedMessage} />
              {props.children}
              <Group>
                <Button variant="default" onClick={props.onCancel}>
                  {props.cancelLabel}
                </Button>
                <Button type="submit" loading={feedback.isSubmitting}>
                  {props.submitLabel}
                </Button>
              </Group>
            </Stack>
          </fieldset>
        </form>
      )}
    </Stack>
  );
}
