/** Permits list (operations spec section 2, Permits); add, bulk add and expire have tables of their own. */
export const permits = {
  title: 'Permits',
  dataName: 'permits',
  ownOnly: 'You see only the permits you added.',
  filters: {
    state: 'Permit state',
    allStates: 'All',
    site: 'Site or site group',
    search: 'Search',
    searchHint: "Part of a registration, a reference or a driver's name",
    searchTooShort: 'Type at least 3 characters to search.',
    searchPlaceholder: 'e.g. KLN, P1001-000123 or Smith',
    notSeen: 'Only vehicles not seen since their permit started',
  },
  states: {
    current: 'Current',
    expired: 'Expired',
    expiringSoon: 'Expiring soon',
    upcoming: 'Upcoming',
    cancelled: 'Cancelled',
  },
  columns: {
    site: 'Site',
    vehicleRegistration: 'Vehicle registration',
    driverName: 'Driver name',
    type: 'Type',
    started: 'Start date',
    ended: 'End date',
    reference: 'Reference',
    lastSeen: 'Last seen',
    state: 'State',
    actions: 'Actions',
  },
  /** The Last seen cell of a permit whose vehicle no camera read there since it started. */
  notSeenYet: 'Not seen',
  actions: {
    add: 'Add permit',
    bulkAdd: 'Bulk add',
    expire: 'Expire',
    expireLabel: 'Expire the permit for {{registration}}',
    cancel: 'Cancel',
    cancelLabel: 'Cancel the permit for {{registration}}',
  },
  types: {
    temporary: 'Temporary',
    permanent: 'Permanent',
    visitor: 'Visitor ({{link}})',
    /** A visitor's permit on its own page: the visitor link it came through. */
    visitorOfLink: 'Visitor — {{link}}',
  },
} as const;
