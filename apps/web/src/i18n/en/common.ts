export const common = {
  appName: 'Client Portal',
  pageTitle: '{{title}} | Client Portal',
  loading: 'Loading…',
  retry: 'Retry',
  reload: 'Reload the page',
  unknownError: 'Unknown error',
} as const;
