import {
  Checkbox,
  type CheckboxGroupProps,
  type CheckboxProps,
  MultiSelect,
  type MultiSelectProps,
  type RadioGroupProps,
  Select,
  type SelectProps,
  Textarea,
  type TextareaProps,
} from '@mantine/core';
import { Controller, type FieldValues } from 'react-hook-form';
import { CheckboxGroupField, RadioGroupField } from '../choice-group';
import { SitePicker, type SitePickerProps } from '../site-picker';
import { type FieldProps, useFieldMessage } from './fields';

/** A Mantine textarea wired to a form field and its message. */
export function TextareaField<T extends FieldValues, TOut extends FieldValues = T>({
  form,
  name,
  rules,
  instantMessage,
  ...input
}: FieldProps<T, TOut> & Omit<TextareaProps, 'name' | 'error' | 'form'>) {
  const error = useFieldMessage({ form, name, instantMessage });
  return <Textarea {...input} error={error} {...form.register(name, rules)} />;
}

/** A single Mantine checkbox wired to a boolean form field. */
export function CheckboxField<T extends FieldValues, TOut extends FieldValues = T>({
  form,
  name,
  rules,
  instantMessage,
  ...input
}: FieldProps<T, TOut> & Omit<CheckboxProps, 'name' | 'error' | 'form' | 'checked' | 'value'>) {
  const error = useFieldMessage({ form, name, instantMessage });
  return <Checkbox {...input} error={error} {...form.register(name, rules)} />;
}

/** Called after the field has taken a chosen value (a form's side effect of the choice). */
interface Chosen<V> {
  onChange?(value: V): void;
}

/** A Mantine select wired to a form field (the option's value, or null) and its message. */
export function SelectField<T extends FieldValues, TOut extends FieldValues = T>({
  form,
  name,
  rules,
  instantMessage,
  onChange,
  ...input
}: FieldProps<T, TOut> &
  Omit<SelectProps, 'name' | 'error' | 'form' | 'value' | 'onChange'> &
  Chosen<string | null>) {
  const error = useFieldMessage({ form, name, instantMessage });
  return (
    <Controller
      control={form.control}
      name={name}
      rules={rules}
      render={({ field }) => (
        <Select
          {...input}
          name={field.name}
          ref={field.ref}
          value={field.value}
          onChange={(value) => {
            field.onChange(value);
            onChange?.(value);
          }}
          onBlur={field.onBlur}
          error={error}
        />
      )}
    />
  );
}

/** A Mantine multi-select wired to a form field (the chosen values) and its message. */
export function MultiSelectField<T extends FieldValues, TOut extends FieldValues = T>({
  form,
  name,
  rules,
  instantMessage,
  ...input
}: FieldProps<T, TOut> & Omit<MultiSelectProps, 'name' | 'error' | 'form' | 'value' | 'onChange'>) {
  const error = useFieldMessage({ form, name, instantMessage });
  return (
    <Controller
      control={form.control}
      name={name}
      rules={rules}
      render={({ field }) => (
        <MultiSelect
          {...input}
          name={field.name}
          ref={field.ref}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={error}
        />
      )}
    />
  );
}

/** A radio group (choice-group's, with aria-invalid) wired to a form field and its message. */
export function RadioField<T extends FieldValues, TOut extends FieldValues = T>({
  form,
  name,
  rules,
  instantMessage,
  onChange,
  ...group
}: FieldProps<T, TOut> &
  Omit<RadioGroupProps, 'name' | 'error' | 'form' | 'value' | 'onChange'> &
  Chosen<string>) {
  const error = useFieldMessage({ form, name, instantMessage });
  return (
    <Controller
      control={form.control}
      name={name}
      rules={rules}
      render={({ field }) => (
        <RadioGroupField
          {...group}
          field={field.name}
          value={field.value}
          onChange={(value) => {
            field.onChange(value);
            onChange?.(value);
          }}
          error={error}
        />
      )}
    />
  );
}

/**
 * A checkbox group (choice-group's, with aria-invalid) wired to a form field holding the ticked values
 * and its message. `toValue` / `fromValue` convert when the field holds something other than strings.
 */
export function CheckboxesField<T extends FieldValues, TOut extends FieldValues = T, V = string>({
  form,
  name,
  rules,
  instantMessage,
  onChange,
  toValue,
  fromValue,
  ...group
}: FieldProps<T, TOut> &
  Omit<CheckboxGroupProps, 'name' | 'error' | 'form' | 'value' | 'onChange'> &
  Chosen<string[]> & {
    /** The field's values from the ticked boxes' values. */
    toValue?(ticked: string[]): V[];
    /** The ticked boxes' values from the field's values. */
    fromValue?(value: V[]): string[];
  }) {
  const error = useFieldMessage({ form, name, instantMessage });
  return (
    <Controller
      control={form.control}
      name={name}
      rules={rules}
      render={({ field }) => (
        <CheckboxGroupField
          {...group}
          field={field.name}
          value={fromValue ? fromValue(field.value) : field.value}
          onChange={(ticked) => {
            field.onChange(toValue ? toValue(ticked) : ticked);
            onChange?.(ticked);
          }}
          error={error}
        />
      )}
    />
  );
}

/** The site picker wired to a form field holding the chosen sites, and its message. */
export function SitePickerField<T extends FieldValues, TOut extends FieldValues = T>({
  form,
  name,
  rules,
  instantMessage,
  ...picker
}: FieldProps<T, TOut> & Omit<SitePickerProps, 'name' | 'error' | 'value' | 'onChange' | 'onBlur'>) {
  const error = useFieldMessage({ form, name, instantMessage });
  return (
    <Controller
      control={form.control}
      name={name}
      rules={rules}
      render={({ field }) => (
        <SitePicker
          {...picker}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={error}
        />
      )}
    />
  );
}
