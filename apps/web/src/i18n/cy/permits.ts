import type { permits as english } from '../en/permits';
import type { WelshTable } from '../welsh-table';

/** Permits list (operations spec section 2, Permits); add, bulk add and expire have tables of their own. */
export const permits: WelshTable<typeof english> = {
  title: 'Trwyddedau',
  dataName: 'trwyddedau',
  ownOnly: 'Dim ond y trwyddedau a ychwanegwyd gennych chi sy’n cael eu dangos i chi.',
  filters: {
    state: 'Cyflwr y drwydded',
    allStates: 'Y cyfan',
    site: 'Safle neu grŵp safleoedd',
    search: 'Chwilio',
    searchHint: 'Rhan o rif cofrestru, cyfeirnod neu enw gyrrwr',
    searchTooShort: 'Teipiwch o leiaf 3 nod i chwilio.',
    searchPlaceholder: 'e.e. KLN, P1001-000123 neu Smith',
    notSeen: 'Dim ond cerbydau nad ydynt wedi’u gweld ers i’w trwydded ddechrau',
  },
  states: {
    current: 'Cyfredol',
    expired: 'Wedi dod i ben',
    expiringSoon: 'Yn dod i ben cyn hir',
    upcoming: 'I ddod',
    cancelled: 'Wedi’i chanslo',
  },
  columns: {
    site: 'Safle',
    vehicleRegistration: 'Rhif cofrestru’r cerbyd',
    driverName: 'Enw’r gyrrwr',
    type: 'Math',
    started: 'Dyddiad dechrau',
    ended: 'Dyddiad gorffen',
    reference: 'Cyfeirnod',
    lastSeen: 'Gwelwyd ddiwethaf',
    state: 'Cyflwr',
    actions: 'Camau gweithredu',
  },
  /** The Last seen cell of a permit whose vehicle no camera read there since it started. */
  notSeenYet: 'Heb ei weld',
  actions: {
    add: 'Ychwanegu trwydded',
    bulkAdd: 'Ychwanegu mewn swmp',
    expire: 'Terfynu',
    expireLabel: 'Terfynu’r drwydded ar gyfer {{registration}}',
    cancel: 'Canslo',
    cancelLabel: 'Canslo’r drwydded ar gyfer {{registration}}',
  },
  types: {
    temporary: 'Dros dro',
    permanent: 'Parhaol',
    visitor: 'Ymwelydd ({{link}})',
    /** A visitor's permit on its own page: the visitor link it came through. */
    visitorOfLink: 'Ymwelydd — {{link}}',
  },
};
