import {
  allowanceValueSchema,
  isSiteGroupNumber,
  type PermitAllowance,
  ruleCheck,
} from '@client-portal/contract';
import { Button, Group, NumberInput, Stack, Table } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFeedback, useFormFeedback } from '../../../components/form-feedback';
import { ruleMessage } from '../../../i18n/rule-message';
import { toAllowance, toInputValue } from '../allowance-value';
import { useSaveAllowances } from '../api/save-allowances';

type Field = 'temporary' | 'permanent';
type Values = Record<Field, number | string>;

interface Props {
  rows: readonly PermitAllowance[];
}

/**
 * The allowances of one site, or of a group and its member sites, saved together. Any refusal (the
 * server's validation included) shows the form's failure message: the spec's generic error state.
 */
export function AllowancesForm({ rows }: Props) {
  const { t } = useTranslation();
  const saveAllowances = useSaveAllowances();
  const feedback = useFormFeedback();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [values, setValues] = useState<Values[]>(() =>
    rows.map((row) => ({
      temporary: toInputValue(row.temporaryAllowance),
      permanent: toInputValue(row.permanentAllowance),
    })),
  );

  const change = (index: number, field: Field, value: number | string) => {
    setValues((current) => current.map((v, i) => (i === index ? { ...v, [field]: value } : v)));
    setFieldErrors(({ [`${index}.${field}`]: _fixed, ...rest }) => rest);
    if (feedback.state === 'success' || feedback.state === 'error') feedback.setState('idle');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The contract's rule, checked before sending: a negative allowance is refused on its field.
    const errors: Record<string, string> = {};
    values.forEach((value, index) => {
      for (const field of ['temporary', 'permanent'] as const) {
        const [issue] = ruleCheck(allowanceValueSchema, toAllowance(value[field]));
        if (issue) errors[`${index}.${field}`] = ruleMessage(t, 'permitAllowances.errors', issue, '');
      }
    });
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
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

  const input = (index: number, field: Field, number: string) => (
    <NumberInput
      aria-label={t(
        field === 'temporary' ? 'permitAllowances.temporaryLabel' : 'permitAllowances.permanentLabel',
        {
          number,
        },
      )}
      placeholder={t('permitAllowances.unlimited')}
      value={values[index]?.[field] ?? ''}
      onChange={(value) => change(index, field, value)}
      min={0}
      clampBehavior="none"
      step={1}
      error={fieldErrors[`${index}.${field}`]}
      allowDecimal={false}
      disabled={feedback.isSubmitting}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
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
