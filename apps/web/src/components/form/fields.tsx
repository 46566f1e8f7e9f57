import { PasswordInput, type PasswordInputProps, TextInput, type TextInputProps } from '@mantine/core';
import {
  type FieldPath,
  type FieldValues,
  get,
  type RegisterOptions,
  type UseFormReturn,
  useFormState,
} from 'react-hook-form';
import { useDelayedMessage } from '../form-feedback';

export interface FieldProps<T extends FieldValues, TOut extends FieldValues = T> {
  /** The form from useContractForm. */
  form: Pick<UseFormReturn<T, unknown, TOut>, 'register' | 'control'>;
  name: FieldPath<T>;
  /** react-hook-form's register options (`deps`, for instance). */
  rules?: Pick<RegisterOptions<T>, 'deps'>;
  /**
   * Show the message as soon as the form has it, without the short delay (the forms whose messages
   * appear with the error summary at once, and follow every change after it).
   */
  instantMessage?: boolean;
}

/** The field's message, shown after the form feedback's short delay (unless `instantMessage`). */
export function useFieldMessage<T extends FieldValues, TOut extends FieldValues = T>({
  form,
  name,
  instantMessage = false,
}: FieldProps<T, TOut>): string | undefined {
  const { errors } = useFormState({ control: form.control, name });
  const found = get(errors, name)?.message;
  const message = typeof found === 'string' ? found : undefined;
  const delayed = useDelayedMessage(instantMessage ? undefined : message);
  return instantMessage ? message : delayed;
}

/** A Mantine text input wired to a form field and its message. */
export function TextField<T extends FieldValues, TOut extends FieldValues = T>({
  form,
  name,
  rules,
  instantMessage,
  ...input
}: FieldProps<T, TOut> & Omit<TextInputProps, 'name' | 'error' | 'form'>) {
  const error = useFieldMessage({ form, name, instantMessage });
  return <TextInput {...input} error={error} {...form.register(name, rules)} />;
}

/** A Mantine password input wired to a form field and its message. */
export function PasswordField<T extends FieldValues, TOut extends FieldValues = T>({
  form,
  name,
  rules,
  instantMessage,
  ...input
}: FieldProps<T, TOut> & Omit<PasswordInputProps, 'name' | 'error' | 'form'>) {
  const error = useFieldMessage({ form, name, instantMessage });
  return <PasswordInput {...input} error={error} {...form.register(name, rules)} />;
}
