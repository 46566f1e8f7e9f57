export const form = {
  problemHeading: 'Please check the following',
  failedHeading: 'Something went wrong',
  successHeading: 'Done',
} as const;
