/** Expire permit (disable/{type}/{permitId}): operations spec sections 2 and 4. */
export const permitExpire = {
  title: 'Expire permit',
  done: 'The permit for {{registration}} at {{site}} has been expired.',
  question: 'Do you want to expire this permit? It will end now and the vehicle will no longer be covered.',
  reference: 'Reference',
  site: 'Site',
  vehicleRegistration: 'Vehicle registration',
  driverName: 'Driver name',
  type: 'Type',
  state: 'State',
  started: 'Start date',
  ended: 'End date',
  back: 'Cancel',
  confirm: 'Expire permit',
  loadFailed: 'The permit could not be loaded. It may not exist, or it is not at one of your sites.',
  backToPermits: 'Back to permits',
  notFound: 'The permit was not found. It may have been removed, or it is not at one of your sites.',
  notApplicable: 'Only a permit that has started and not yet ended can be expired.',
  failed: 'The permit could not be expired. Please try again later.',
} as const;

/** Cancel permit (cancel/{type}/{permitId}): take back a permit added by mistake before it starts (issue 24). */
export const permitCancel = {
  title: 'Cancel permit',
  done: 'The permit for {{registration}} at {{site}} has been cancelled. It no longer counts against the allowance.',
  question:
    'Do you want to cancel this permit? It has not started yet: it will never start, and it stops counting against the allowance now. Its history is kept.',
  back: 'Keep the permit',
  confirm: 'Cancel permit',
  notFound: 'The permit was not found. It may have been removed, or it is not at one of your sites.',
  notApplicable: 'Only a permit that has not started yet can be cancelled. A running permit can be expired.',
  failed: 'The permit could not be cancelled. Please try again later.',
} as const;

/** Take back a bulk upload (uploads/{uploadId}): every permit of it cancelled at once, within its first hour. */
export const permitUpload = {
  title: 'Take back an upload',
  summary_one: 'This upload added {{count}} permit on {{addedAt}} ({{addedBy}}).',
  summary_other: 'This upload added {{count}} permits on {{addedAt}} ({{addedBy}}).',
  unknownUser: 'by an unknown user',
  question:
    'Do you want to take back the whole upload? Every permit it added that has not ended is cancelled now, started or not, and stops counting against the allowance. You can do this until {{until}}.',
  confirm_one: 'Take back {{count}} permit',
  confirm_other: 'Take back all {{count}} permits',
  back: 'Keep the upload',
  done_one: 'The upload has been taken back: its {{count}} permit is cancelled.',
  done_other: 'The upload has been taken back: its {{count}} permits are cancelled.',
  takenBack: 'This upload was taken back on {{at}} by {{by}}.',
  tooLate:
    'An upload can be taken back only within an hour of adding it (until {{until}}). Cancel or expire its permits one by one instead.',
  loadFailed:
    'The upload could not be loaded. It may not exist, or some of its permits are not yours to change.',
  failed: 'The upload could not be taken back. Please try again later.',
  conflict: 'The upload could not be taken back: it was already taken back, or its hour has passed.',
  offer: 'Added by mistake? Take back this upload',
  offerFromPermit: 'Take back the whole upload this permit came from',
  backToPermits: 'Back to permits',
} as const;
