/** Permit allowances admin page (platform spec sections 2, 5 and 8). */
export const permitAllowances = {
  title: 'Permit allowances',
  intro:
    'Choose a site or site group, then set how many temporary and permanent permits may be current or upcoming there. Leave a value empty for no limit.',
  site: 'Site or site group',
  dataName: 'permit allowances',
  columns: {
    site: 'Site or site group',
    temporary: 'Temporary allowance',
    permanent: 'Permanent allowance',
  },
  groupRow: '{{number}} (whole group)',
  temporaryLabel: 'Temporary allowance for {{number}}',
  permanentLabel: 'Permanent allowance for {{number}}',
  unlimited: 'No limit',
  /** Beside each allowance: the current and upcoming permits that count against it now. */
  inUse_one: '{{count}} in use now',
  inUse_other: '{{count}} in use now',
  /** The contract's allowance value codes. */
  errors: {
    invalidType: 'The allowance must be a whole number of at least 0, or empty for no limit.',
    wholeNumber: 'The allowance must be a whole number.',
    tooSmall: 'The allowance must be at least {{min}}.',
    tooLarge: 'The allowance is too large.',
  },
  save: 'Save allowances',
  saved: 'The permit allowances were saved.',
  failed: 'Failed to save the permit allowances. Please check the values and try again.',
  exceeded:
    'When an allowance is reached, no further permits of that kind can be added there; users are asked to contact their client liaison representative, on {{phone}} or at {{email}} (the support contact in the application settings).',
} as const;
