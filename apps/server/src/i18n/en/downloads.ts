/** The headers and fixed words of the downloads (decision 49): the permit list's file. */
export const downloads = {
  permits: {
    sheet: 'Permits',
    site: 'Site',
    vehicleRegistration: 'Vehicle registration',
    driverName: 'Driver name',
    type: 'Type',
    startDate: 'Start date',
    endDate: 'End date',
    reference: 'Reference',
    lastSeen: 'Last seen',
    notSeen: 'Not seen',
    visitorLink: 'Visitor link',
    temporary: 'Temporary',
    permanent: 'Permanent',
    visitor: 'Visitor ({{link}})',
  },
} as const;
