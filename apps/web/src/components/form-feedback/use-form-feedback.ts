import { FORM_FEEDBACK_DELAY_MS } from '@client-portal/contract';
import { useCallback, useEffect, useState } from 'react';
import type { ApiResult } from '../../lib/api-client';

/** Form lifecycle of the spec: loading (initial data), idle, submitting, error, success. */
export type FormState = 'loading' | 'idle' | 'submitting' | 'error' | 'success';

export function flattenProblemErrors(errors: Record<string, string[]> | undefined): string[] {
  if (!errors) return [];
  return [...new Set(Object.values(errors).flat())];
}

export interface FormFeedbackController {
  state: FormState;
  /** Server validation messages, shown above the form while it stays editable. */
  problemMessages: string[];
  isSubmitting: boolean;
  setState(state: FormState): void;
  /** Runs the call and moves to success, back to idle with messages (validation), or error. */
  submit<T>(run: () => Promise<ApiResult<T>>): Promise<ApiResult<T>>;
}

export function useFormFeedback(initial: FormState = 'idle'): FormFeedbackController {
  const [state, setState] = useState<FormState>(initial);
  const [problemMessages, setProblemMessages] = useState<string[]>([]);

  const submit = useCallback(async <T>(run: () => Promise<ApiResult<T>>) => {
    setState('submitting');
    setProblemMessages([]);
    const result = await run();
    const messages = result.ok ? [] : flattenProblemErrors(result.problem?.errors);
    if (result.ok) setState('success');
    else if (messages.length > 0) {
      setProblemMessages(messages);
      setState('idle');
    } else setState('error');
    return result;
  }, []);

  return { state, problemMessages, isSubmitting: state === 'submitting', setState, submit };
}

/**
 * Shows a validation message only after it has stood for 200 ms, so messages do not flicker while the
 * user is still typing; clearing hides it at once.
 */
export function useDelayedMessage(message: string | undefined, delayMs = FORM_FEEDBACK_DELAY_MS) {
  const [shown, setShown] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!message) {
      setShown(undefined);
      return;
    }
    const timer = setTimeout(() => setShown(message), delayMs);
    return () => clearTimeout(timer);
  }, [message, delayMs]);
  return message ? shown : undefined;
}
