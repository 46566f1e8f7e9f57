import { TICKET_NUMBER_MAX, ticketNumberSchema } from '@client-portal/contract';
import { Alert, Button, Group, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useContractForm } from '../../../components/form';
import { ErrorSummary, useErrorSummary } from '../../../components/form-feedback';
import { ruleField } from '../../../i18n/rule-field';

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
  const [failure, setFailure] = useState<string>();
  const summary = useErrorSummary();
  // The contract's ticket number rule, said from `tickets.search.rules`.
  const schema = useMemo(
    () =>
      z.object({ ticketNumber: ruleField(ticketNumberSchema, t, 'tickets.search.rules', 'ticketNumber') }),
    [t],
  );
  // The message stays as the last search said it until the next search (as before the kit).
  const form = useContractForm<{ ticketNumber: string }>(
    schema,
    { ticketNumber: '' },
    { reValidateMode: 'onSubmit' },
  );
  const busy = form.formState.isSubmitting;

  const search = summary.valid(async () => {
    setFailure(undefined);
    setFailure(await onSearch(form.getValues('ticketNumber').trim()));
  });

  return (
    <form
      ref={summary.formRef}
      noValidate
      onSubmit={form.handleSubmit(search, (errors) => {
        setFailure(undefined);
        summary.onInvalid(errors);
      })}
    >
      <ErrorSummary summary={summary} />
      <Group align="flex-start">
        <Controller
          control={form.control}
          name="ticketNumber"
          render={({ field, fieldState }) => (
            <TextInput
              name={field.name}
              ref={field.ref}
              label={t('tickets.search.ticketNumber')}
              placeholder={t('tickets.search.placeholder')}
              withAsterisk
              maxLength={TICKET_NUMBER_MAX}
              autoComplete="off"
              value={field.value}
              onChange={(event) => field.onChange(event.currentTarget.value.toUpperCase())}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              disabled={busy}
            />
          )}
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
