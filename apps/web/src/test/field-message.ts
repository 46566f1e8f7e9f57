import { screen } from '@testing-library/react';

/**
 * A validation message as its field shows it, not its copy in the error summary (which links to the
 * field and appears at once, while the field's own message waits 200 ms).
 */
const notInSummary = { ignore: '[data-testid="error-summary"] *, script, style' };

export const findFieldMessage = (message: string | RegExp) => screen.findByText(message, notInSummary);
export const getFieldMessage = (message: string | RegExp) => screen.getByText(message, notInSummary);
export const queryFieldMessage = (message: string | RegExp) => screen.queryByText(message, notInSummary);
