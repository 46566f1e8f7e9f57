import { TWO_FACTOR_CODE_MAX, twoFactorCodeSchema } from '@client-portal/contract';
import { Button, Group } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextField, useContractForm } from '../../../components/form';
import { ErrorSummary, useErrorSummary } from '../../../components/form-feedback';
import { ruleField } from '../../../i18n/rule-field';

const schema = (t: TFunction) =>
  z.object({ code: ruleField(twoFactorCodeSchema, t, 'identity.code.rules', 'code') });

interface Props {
  submitLabel: string;
  submitting: boolean;
  onSubmit(code: string): void;
  onCancel?(): void;
  submitColor?: string;
}

/** One code field and a button: confirms enrolment or turns two-factor off. */
export function TwoFactorCodeForm({ submitLabel, submitting, onSubmit, onCancel, submitColor }: Props) {
  const { t } = useTranslation();
  const summary = useErrorSummary();
  const codeSchema = useMemo(() => schema(t), [t]);
  const form = useContractForm<{ code: string }>(codeSchema, { code: '' });
  const { handleSubmit } = form;
  return (
    <form
      ref={summary.formRef}
      onSubmit={handleSubmit(
        summary.valid((v) => onSubmit(v.code)),
        summary.onInvalid,
      )}
      noValidate
    >
      <fieldset disabled={submitting} style={{ border: 0, padding: 0, margin: 0 }}>
        <ErrorSummary summary={summary} />
        <Group align="flex-end">
          <TextField
            form={form}
            name="code"
            label={t('identity.twoFactor.codeLabel')}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            maxLength={TWO_FACTOR_CODE_MAX}
            w={200}
          />
          <Button type="submit" loading={submitting} color={submitColor}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('identity.twoFactor.cancel')}
            </Button>
          )}
        </Group>
      </fieldset>
    </form>
  );
}
