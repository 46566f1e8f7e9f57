import { TICKET_NUMBER_MAX } from '@client-portal/contract';
import { Alert, Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, useErrorSummary } from '../../../components/form-feedback';

/** Checks a typed ticket number; returns the message to show, or null when it may be looked up. */
export function ticketNumberError(value: string): 'required' | 'tooLong' | null {
  const trimmed = value.trim();
  if (!trimmed) return 'required';
  return trimmed.length > TICKET_NUMBER_MAX ? 'tooLong' : null;
}

/**
 * The search stage's form. Ticket numbers are upper-cased as typed. `onSearch` resolves with a
 * message when the lookup itself failed (the stage stays on search), or nothing when the stage moved on.
 */
export function TicketSearchForm({
  onSearch,
}: {
  onSearch: (ticketNumber: string) => Promise<string | undefined>;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<'required' | 'tooLong' | null>(null);
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const summary = useErrorSummary();
  const message = (problem: 'required' | 'tooLong' | null) =>
    problem === 'required'
      ? t('tickets.search.required')
      : problem === 'tooLong'
        ? t('tickets.search.tooLong', { max: String(TICKET_NUMBER_MAX) })
        : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = ticketNumberError(value);
    setError(problem);
    setFailure(undefined);
    const shown = message(problem);
    summary.report(shown ? [{ name: 'ticketNumber', message: shown }] : []);
    if (problem) return;
    setBusy(true);
    try {
      setFailure(await onSearch(value.trim()));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={summary.formRef} noValidate onSubmit={(event) => void submit(event)}>
      <ErrorSummary summary={summary} />
      <Group align="flex-start">
        <TextInput
          name="ticketNumber"
          label={t('tickets.search.ticketNumber')}
          placeholder={t('tickets.search.placeholder')}
          withAsterisk
          maxLength={TICKET_NUMBER_MAX}
          autoComplete="off"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value.toUpperCase())}
          error={message(error)}
          disabled={busy}
        />
        <Button type="submit" mt={25} loading={busy}>
          {t('tickets.search.submit')}
        </Button>
      </Group>
      {failure && (
        <Alert color="red" role="alert" mt="sm">
          {failure}
        </Alert>
      )}
    </form>
  );
}
