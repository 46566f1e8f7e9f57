import {
  newPasswordSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordRuleCodes,
  ruleCheck,
} from '@client-portal/contract';
import { List, Stack, Text, ThemeIcon } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type FieldProps, PasswordField } from '../../../components/form';
import { ruleField } from '../../../i18n/rule-field';

/** New password + confirmation, checked with the contract's rules; `differ` is the form's own message. */
export const newPasswordFormSchema = (t: TFunction, differ: string) =>
  z
    .object({
      password: z
        .string()
        .min(1, t('identity.passwordRules.required'))
        .pipe(ruleField(newPasswordSchema, t, 'identity.passwordRules', 'password')),
      confirmPassword: z.string().min(1, t('identity.passwordRules.confirmRequired')),
    })
    .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: differ });

export type NewPasswordValues = { password: string; confirmPassword: string };

/** The rule codes the value breaks, by the contract's own check (so browser and server agree). */
function brokenRules(value: string): Set<string> {
  return new Set(ruleCheck(newPasswordSchema, value).map((issue) => issue.code));
}

/** The five rule bullets, each ticked as the typed password meets it. */
function PasswordRules({ value }: { value: string }) {
  const { t } = useTranslation();
  const broken = brokenRules(value);
  return (
    <Stack gap={4}>
      <Text size="sm">{t('identity.passwordRules.heading')}</Text>
      <List size="sm" spacing={2} aria-label={t('identity.passwordRules.heading')}>
        {passwordRuleCodes.map((code) => {
          const met = value !== '' && !broken.has(code);
          return (
            <List.Item
              key={code}
              data-met={met}
              icon={
                <ThemeIcon color={met ? 'teal' : 'gray'} size={16} radius="xl" aria-hidden>
                  <span style={{ fontSize: 10 }}>{met ? '✓' : '•'}</span>
                </ThemeIcon>
              }
            >
              {t(`identity.passwordRules.${code}` as never, { min: PASSWORD_MIN }) as string}
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}

interface Props<T extends FieldValues & NewPasswordValues> {
  /** The form from useContractForm (its values hold the two fields). */
  form: FieldProps<T>['form'];
  value: string;
  labels: { password: string; confirmPassword: string };
}

export function NewPasswordFields<T extends FieldValues & NewPasswordValues>({
  form,
  value,
  labels,
}: Props<T>) {
  const fields = form as unknown as FieldProps<NewPasswordValues>['form'];
  return (
    <>
      <PasswordField
        form={fields}
        name="password"
        label={labels.password}
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX}
      />
      <PasswordRules value={value} />
      <PasswordField
        form={fields}
        name="confirmPassword"
        label={labels.confirmPassword}
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX}
      />
    </>
  );
}
