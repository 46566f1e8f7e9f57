import { TWO_FACTOR_CODE_MAX, twoFactorCodeSchema } from '@client-portal/contract';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useContractForm } from '../../../components/form';
import { ErrorSummary, useDelayedMessage, useErrorSummary } from '../../../components/form-feedback';
import { ruleField } from '../../../i18n/rule-field';

type CodeKind = 'app' | 'recovery';

/** The contract's code; an app code is sent without the spaces a user may type between its digits. */
const codeSchema = (t: TFunction, kind: CodeKind) =>
  z.object({
    code: ruleField(twoFactorCodeSchema, t, 'identity.code.rules', 'code').transform((code) =>
      kind === 'app' ? code.replace(/ /g, '') : code,
    ),
  });

interface Props {
  submitting: boolean;
  /** The last code sent was wrong: said on the code field until the user types again. */
  codeRejected?: boolean;
  onSubmit(code: string): void;
  onBack(): void;
}

/** Second step of sign-in when two-factor is on: a code from the app, or a recovery code. */
export function CodeForm({ submitting, codeRejected = false, onSubmit, onBack }: Props) {
  const { t } = useTranslation();
  const summary = useErrorSummary();
  const [kind, setKind] = useState<CodeKind>('app');
  const schema = useMemo(() => codeSchema(t, kind), [t, kind]);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useContractForm<{ code: string }>(schema, { code: '' });
  const [typedSinceReject, setTypedSinceReject] = useState(false);
  const rejected = codeRejected && !submitting && !typedSinceReject ? t('identity.code.wrong') : undefined;
  const codeError = useDelayedMessage(errors.code?.message) ?? rejected;

  const toggle = () => {
    setKind((k) => (k === 'app' ? 'recovery' : 'app'));
    reset({ code: '' });
  };

  return (
    <form
      ref={summary.formRef}
      onSubmit={handleSubmit(
        summary.valid((values) => {
          setTypedSinceReject(false);
          onSubmit(values.code);
        }),
        summary.onInvalid,
      )}
      onChange={() => setTypedSinceReject(true)}
      noValidate
    >
      <fieldset disabled={submitting} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          <ErrorSummary summary={summary} />
          <Text>{kind === 'app' ? t('identity.code.intro') : t('identity.code.introRecovery')}</Text>
          <TextInput
            key={kind}
            label={kind === 'app' ? t('identity.code.label') : t('identity.code.recoveryLabel')}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            maxLength={TWO_FACTOR_CODE_MAX}
            error={codeError}
            {...register('code')}
          />
          <Button type="submit" loading={submitting} disabled={submitting}>
            {t('identity.code.submit')}
          </Button>
          <Group justify="space-between">
            <Anchor component="button" type="button" size="sm" onClick={toggle}>
              {kind === 'app' ? t('identity.code.useRecovery') : t('identity.code.useApp')}
            </Anchor>
            <Anchor component="button" type="button" size="sm" onClick={onBack}>
              {t('identity.code.back')}
            </Anchor>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
