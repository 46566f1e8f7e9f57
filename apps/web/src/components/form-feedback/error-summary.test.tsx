import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Radio, TextInput } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { Controller, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../../test/render';
import { RadioGroupField } from '../choice-group';
import { ErrorSummary } from './error-summary';
import { summaryFormOptions, useErrorSummary } from './use-error-summary';

const schema = z.object({
  // Declared out of reading order on purpose: the summary follows the page, not the schema.
  surname: z.string().min(1, 'Enter a surname'),
  title: z.string().min(1, 'Choose a title'),
  forename: z.string().min(1, 'Enter a forename'),
});
type Values = z.infer<typeof schema>;

function PersonForm({ onValid }: { onValid(values: Values): void }) {
  const summary = useErrorSummary();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    ...summaryFormOptions,
    resolver: zodResolver(schema),
    defaultValues: { surname: '', title: '', forename: '' },
  });
  return (
    <form ref={summary.formRef} onSubmit={handleSubmit(summary.valid(onValid), summary.onInvalid)} noValidate>
      <ErrorSummary summary={summary} />
      <Controller
        control={control}
        name="title"
        render={({ field }) => (
          <RadioGroupField
            field={field.name}
            label="Title"
            value={field.value}
            onChange={field.onChange}
            error={errors.title?.message}
          >
            <Radio value="Ms" label="Ms" />
            <Radio value="Mr" label="Mr" />
          </RadioGroupField>
        )}
      />
      <TextInput label="Forename" error={errors.forename?.message} {...register('forename')} />
      <TextInput label="Surname" error={errors.surname?.message} {...register('surname')} />
      <Button type="submit">Save</Button>
    </form>
  );
}

describe('ErrorSummary (GOV.UK pattern)', () => {
  it('lists every error in reading order, focuses the first invalid field and links to each', async () => {
    const onValid = vi.fn();
    const { user } = renderWithProviders(<PersonForm onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const summary = await screen.findByTestId('error-summary');
    expect(within(summary).getByText('There is a problem')).toBeInTheDocument();
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Choose a title',
      'Enter a forename',
      'Enter a surname',
    ]);
    // Focus is on the first field in reading order: the radio group's first radio.
    expect(screen.getByRole('radio', { name: 'Ms' })).toHaveFocus();
    expect(links[0]).toHaveAttribute('href', `#${screen.getByRole('radio', { name: 'Ms' }).id}`);

    await user.click(links[2] as HTMLElement);
    expect(screen.getByRole('textbox', { name: 'Surname' })).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('marks a radio group aria-invalid with its message, and clears both once valid', async () => {
    const onValid = vi.fn();
    const { user } = renderWithProviders(<PersonForm onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const group = await screen.findByRole('radiogroup', { name: 'Title' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Choose a title');

    await user.click(screen.getByRole('radio', { name: 'Mr' }));
    await user.type(screen.getByRole('textbox', { name: 'Forename' }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: 'Surname' }), 'Lovelace');
    expect(group).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('error-summary')).not.toBeInTheDocument();
  });
});
