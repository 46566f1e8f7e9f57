/** Expire permit (disable/{type}/{permitId}): operations spec sections 2 and 4. */
export const permitExpire = {
  title: 'Expire permit',
  done: 'The permit for {{registration}} at {{site}} has been expired.',
  question: 'Do you want to expire this permit? It will end now and the vehicle will no longer be covered.',
  site: 'Site',
  vehicleRegistration: 'Vehicle registration',
  driverName: 'Driver name',
  type: 'Type',
  started: 'Start date',
  ended: 'End date',
  cancel: 'Cancel',
  confirm: 'Expire permit',
  loadFailed: 'The permit could not be loaded. It may not exist, or it is not at one of your sites.',
  backToPermits: 'Back to permits',
  notFound: 'The permit was not found. It may have been removed, or it is not at one of your sites.',
  notCurrent: 'Only a permit that has started and not yet ended can be expired.',
  failed: 'The permit could not be expired. Please try again later.',
} as const;
