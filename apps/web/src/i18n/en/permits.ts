/** Permits list (operations spec section 2, Permits); add, bulk add and expire have tables of their own. */
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
    actions: 'Actions',
  },
  actions: {
    add: 'Add permit',
    bulkAdd: 'Bulk add',
    expire: 'Expire',
    expireLabel: 'Expire the permit for {{registration}}',
  },
  types: {
    temporary: 'Temporary',
    permanent: 'Permanent',
  },
} as const;
