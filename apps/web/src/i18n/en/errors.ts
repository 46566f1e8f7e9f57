/** Messages of the API client and local storage reads (platform spec section 8). */
export const errors = {
  exceededMaxRetries: 'Failed to communicate with Client Portal API services.',
  remoteServer: 'The remote server returned in error: {{status}} {{text}}',
  appConfig: 'Failed to load application config.',
  userInfo: 'Failed to load user info.',
  userSession: 'Failed to load user session.',
} as const;
