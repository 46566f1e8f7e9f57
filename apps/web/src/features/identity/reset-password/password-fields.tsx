import { newPasswordSchema, passwordRuleMessages } from '@client-portal/contract';
import { List, PasswordInput, Stack, Text, ThemeIcon } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useDelayedMessage } from '../../../components/form-feedback';

const ruleKeys = Object.keys(passwordRuleMessages) as (keyof typeof passwordRuleMessages)[];

/** New password + confirmation, checked with the contract's rules; `differ` is the form's own message. */
export const newPasswordFormSchema = (t: TFunction, differ: string) =>
  z
    .object({
      password: z.string().min(1, t('identity.passwordRules.required')).pipe(newPasswordSchema),
      confirmPassword: z.string().min(1, t('identity.passwordRules.confirmRequired')),
    })
    .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: differ });

export type NewPasswordValues = { password: string; confirmPassword: string };

/** The rules the value breaks, by the contract's own check (so browser and server agree). */
function brokenRules(value: string): Set<string> {
  const parsed = newPasswordSchema.safeParse(value);
  return new Set(parsed.success ? [] : parsed.error.issues.map((i) => i.message));
}

/** The five rule bullets, each ticked as the typed password meets it. */
export function PasswordRules({ value }: { value: string }) {
  const { t } = useTranslation();
  const broken = brokenRules(value);
  return (
    <Stack gap={4}>
      <Text size="sm">{t('identity.passwordRules.heading')}</Text>
      <List size="sm" spacing={2} aria-label={t('identity.passwordRules.heading')}>
        {ruleKeys.map((key) => {
          const met = value !== '' && !broken.has(passwordRuleMessages[key]);
          return (
            <List.Item
              key={key}
              data-met={met}
              icon={
                <ThemeIcon color={met ? 'teal' : 'gray'} size={16} radius="xl" aria-hidden>
                  <span style={{ fontSize: 10 }}>{met ? '✓' : '•'}</span>
                </ThemeIcon>
              }
            >
              {t(`identity.passwordRules.${key}`)}
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}

interface Props<T extends NewPasswordValues> {
  register: UseFormRegister<T>;
  errors: FieldErrors<NewPasswordValues>;
  value: string;
  labels: { password: string; confirmPassword: string };
}

export function NewPasswordFields<T extends NewPasswordValues>({
  register,
  errors,
  value,
  labels,
}: Props<T>) {
  const reg = register as unknown as UseFormRegister<NewPasswordValues>;
  const passwordError = useDelayedMessage(errors.password?.message);
  const confirmError = useDelayedMessage(errors.confirmPassword?.message);
  return (
    <>
      <PasswordInput
        label={labels.password}
        autoComplete="new-password"
        required
        maxLength={256}
        error={passwordError}
        {...reg('password')}
      />
      <PasswordRules value={value} />
      <PasswordInput
        label={labels.confirmPassword}
        autoComplete="new-password"
        required
        maxLength={256}
        error={confirmError}
        {...reg('confirmPassword')}
      />
    </>
  );
}
