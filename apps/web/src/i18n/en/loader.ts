export const loader = {
  // Rotated every 30 s while the app starts (platform spec section 4).
  message1: 'Loading Client Portal…',
  message2: 'Getting everything ready…',
  message3: 'Still working on it…',
  slow: 'This is taking longer than usual. Please wait a little longer.',
  failedHeading: 'Client Portal failed to load',
  failedBody:
    'Something went wrong while starting Client Portal. It tries again every 30 seconds, or reload the page to try now.',
} as const;
