/** Permits list (operations spec section 2, Permits). */
export const permits = {
  title: 'Permits',
  dataName: 'permits',
  filters: {
    state: 'Permit state',
    allStates: 'All',
    site: 'Site or site group',
    vehicleRegistration: 'Vehicle registration',
    vehicleRegistrationPlaceholder: 'e.g. AB12CDE',
  },
  states: {
    current: 'Current',
    expired: 'Expired',
    expiringSoon: 'Expiring soon',
    upcoming: 'Upcoming',
  },
  columns: {
    site: 'Site',
    vehicleRegistration: 'Vehicle registration',
    driverName: 'Driver name',
    type: 'Type',
    started: 'Start date',
    ended: 'End date',
  },
  types: {
    temporary: 'Temporary',
    permanent: 'Permanent',
  },
} as const;
