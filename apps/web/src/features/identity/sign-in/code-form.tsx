import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  ErrorSummary,
  summaryFormOptions,
  useDelayedMessage,
  useErrorSummary,
} from '../../../components/form-feedback';

type CodeKind = 'app' | 'recovery';

/** App codes are digits; recovery codes are digits too, printed in groups (12345-67890). */
const codeSchema = (t: TFunction, kind: CodeKind) =>
  z.object({
    code: z
      .string()
      .trim()
      .min(1, t('identity.code.required'))
      .max(20, t('identity.code.numeric'))
      .regex(kind === 'app' ? /^[0-9 ]+$/ : /^[0-9 -]+$/, t('identity.code.numeric'))
      .transform((code) => (kind === 'app' ? code.replace(/ /g, '') : code)),
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
  } = useForm<{ code: string }>({
    ...summaryFormOptions,
    resolver: zodResolver(schema),
    defaultValues: { code: '' },
  });
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
            maxLength={20}
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
