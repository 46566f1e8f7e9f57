import {
  allowanceValueSchema,
  isSiteGroupNumber,
  type PermitAllowance,
  type PermitAllowanceUse,
  ruleCheck,
} from '@client-portal/contract';
import { Button, Group, NumberInput, Stack, Table } from '@mantine/core';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useContractForm } from '../../../components/form';
import { FormFeedback, useFormFeedback } from '../../../components/form-feedback';
import { ruleMessage } from '../../../i18n/rule-message';
import { toAllowance, toInputValue } from '../allowance-value';
import { useSaveAllowances } from '../api/save-allowances';

type Field = 'temporary' | 'permanent';
type Values = Record<Field, number | string>;
interface FormValues {
  rows: Values[];
}
const fields = ['temporary', 'permanent'] as const;

interface Props {
  rows: readonly PermitAllowance[];
  /** The current and upcoming permits counting against each row's allowances, when known. */
  use?: readonly PermitAllowanceUse[];
}

/**
 * The allowances of one site, or of a group and its member sites, saved together. Any refusal (the
 * server's validation included) shows the form's failure message: the spec's generic error state.
 */
export function AllowancesForm({ rows, use }: Props) {
  const { t } = useTranslation();
  const saveAllowances = useSaveAllowances();
  const feedback = useFormFeedback();
  // The contract's rule, checked before sending: a negative allowance is refused on its field.
  const schema = useMemo(
    () =>
      z.custom<FormValues>().superRefine((values, ctx) => {
        values.rows.forEach((value, index) => {
          for (const field of fields) {
            const [issue] = ruleCheck(allowanceValueSchema, toAllowance(value[field]));
            if (issue) {
              const message = ruleMessage(t, 'permitAllowances.errors', issue, '');
              ctx.addIssue({ code: 'custom', path: ['rows', index, field], message });
            }
          }
        });
      }),
    [t],
  );
  // A message stays until its field changes or the next save (as before the kit).
  const form = useContractForm<FormValues>(
    schema,
    {
      rows: rows.map((row) => ({
        temporary: toInputValue(row.temporaryAllowance),
        permanent: toInputValue(row.permanentAllowance),
      })),
    },
    { reValidateMode: 'onSubmit' },
  );

  const submit = async ({ rows: values }: FormValues) => {
    feedback.setState('submitting');
    const result = await saveAllowances.mutateAsync(
      rows.map((row, i) => ({
        site_SiteGroupNumber: row.site_SiteGroupNumber,
        temporaryAllowance: toAllowance(values[i]?.temporary),
        permanentAllowance: toAllowance(values[i]?.permanent),
      })),
    );
    feedback.setState(result.ok ? 'success' : 'error');
  };

  const inUse = (field: Field, number: string) => {
    const row = use?.find((u) => u.site_SiteGroupNumber === number);
    if (!row) return undefined;
    return t('permitAllowances.inUse', {
      count: field === 'temporary' ? row.temporaryInUse : row.permanentInUse,
    });
  };

  const input = (index: number, field: Field, number: string) => (
    <Controller
      control={form.control}
      name={`rows.${index}.${field}`}
      render={({ field: value, fieldState }) => (
        <NumberInput
          aria-label={t(
            field === 'temporary' ? 'permitAllowances.temporaryLabel' : 'permitAllowances.permanentLabel',
            {
              number,
            },
          )}
          placeholder={t('permitAllowances.unlimited')}
          description={inUse(field, number)}
          name={value.name}
          ref={value.ref}
          value={value.value ?? ''}
          onChange={(changed) => {
            value.onChange(changed);
            form.clearErrors(`rows.${index}.${field}`);
            if (feedback.state === 'success' || feedback.state === 'error') feedback.setState('idle');
          }}
          onBlur={value.onBlur}
          min={0}
          clampBehavior="none"
          step={1}
          error={fieldState.error?.message}
          allowDecimal={false}
          disabled={feedback.isSubmitting}
        />
      )}
    />
  );

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate>
      <Stack>
        <FormFeedback
          feedback={feedback}
          failedMessage={t('permitAllowances.failed')}
          successMessage={t('permitAllowances.saved')}
        />
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('permitAllowances.columns.site')}</Table.Th>
              <Table.Th>{t('permitAllowances.columns.temporary')}</Table.Th>
              <Table.Th>{t('permitAllowances.columns.permanent')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => {
              const number = row.site_SiteGroupNumber;
              return (
                <Table.Tr key={number}>
                  <Table.Td>
                    {isSiteGroupNumber(number) ? t('permitAllowances.groupRow', { number }) : number}
                  </Table.Td>
                  <Table.Td>{input(index, 'temporary', number)}</Table.Td>
                  <Table.Td>{input(index, 'permanent', number)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Group>
          <Button type="submit" loading={feedback.isSubmitting}>
            {t('permitAllowances.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
