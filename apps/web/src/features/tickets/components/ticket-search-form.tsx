import { ruleCheck, TICKET_NUMBER_MAX, ticketNumberSchema } from '@client-portal/contract';
import { Alert, Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary, useErrorSummary } from '../../../components/form-feedback';
import { ruleMessage } from '../../../i18n/rule-message';

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
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const summary = useErrorSummary();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The contract's ticket number rule, said from `tickets.search.rules`.
    const [issue] = ruleCheck(ticketNumberSchema, value);
    const shown = issue && ruleMessage(t, 'tickets.search.rules', issue, 'ticketNumber');
    setError(shown);
    setFailure(undefined);
    summary.report(shown ? [{ name: 'ticketNumber', message: shown }] : []);
    if (shown) return;
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
          error={error}
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
