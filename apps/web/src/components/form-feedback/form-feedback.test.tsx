import { Button, TextInput } from '@mantine/core';
import { act, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../lib/api-client';
import { renderWithProviders } from '../../test/render';
import { FormFeedback } from './form-feedback';
import { flattenProblemErrors, useDelayedMessage, useFormFeedback } from './use-form-feedback';

function RoleForm({ run }: { run: () => Promise<ApiResult<unknown>> }) {
  const feedback = useFormFeedback();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void feedback.submit(run);
      }}
    >
      <FormFeedback
        feedback={feedback}
        failedMessage="Failed to add the role."
        successMessage="Role added."
      />
      <TextInput label="Name" disabled={feedback.isSubmitting} />
      <Button type="submit" disabled={feedback.isSubmitting}>
        Save
      </Button>
      <output>{feedback.state}</output>
    </form>
  );
}

const problem = (errors?: Record<string, string[]>): ApiResult<unknown> => ({
  ok: false,
  status: 400,
  problem: { title: 'Invalid', status: 400, errors },
  error: { name: 'ProblemDetails', message: 'Invalid' },
});

describe('FormFeedback', () => {
  afterEach(() => vi.useRealTimers());

  it('flattens problem errors into one list without repeats', () => {
    expect(flattenProblemErrors({ name: ['Required', 'Too long'], parent: ['Required'] })).toEqual([
      'Required',
      'Too long',
    ]);
    expect(flattenProblemErrors(undefined)).toEqual([]);
  });

  it('shows server validation messages in a warning and leaves the form editable', async () => {
    const { user } = renderWithProviders(
      <RoleForm run={async () => problem({ name: ['The name is taken.'] })} />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The name is taken.');
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent('idle');
  });

  it('shows the form’s failure message for other failures', async () => {
    const { user } = renderWithProviders(<RoleForm run={async () => problem()} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to add the role.');
  });

  it('disables the form while submitting, then shows success', async () => {
    let finish: (result: ApiResult<unknown>) => void = () => {};
    const { user } = renderWithProviders(
      <RoleForm run={() => new Promise((resolve) => (finish = resolve))} />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await act(async () => finish({ ok: true, status: 200, data: {} }));
    expect(screen.getByText('Role added.')).toBeInTheDocument();
  });

  it('shows validation messages only after 200 ms', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ message }) => useDelayedMessage(message), {
      initialProps: { message: undefined as string | undefined },
    });
    rerender({ message: 'Required' });
    expect(result.current).toBeUndefined();
    act(() => vi.advanceTimersByTime(199));
    expect(result.current).toBeUndefined();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('Required');
    rerender({ message: undefined });
    expect(result.current).toBeUndefined();
  });
});
