export const form = {
  problemHeading: 'Please check the following',
  failedHeading: 'Something went wrong',
  successHeading: 'Done',
  errorSummaryHeading: 'There is a problem',
} as const;
