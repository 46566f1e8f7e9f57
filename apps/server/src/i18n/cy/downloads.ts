import type { WelshTable } from '@client-portal/contract';
import type { downloads as english } from '../en/downloads.js';

/** Penawdau a geiriau sefydlog y ffeiliau i'w lawrlwytho (decision 49). */
export const downloads: WelshTable<typeof english> = {
  permits: {
    sheet: 'Trwyddedau',
    site: 'Safle',
    vehicleRegistration: 'Rhif cofrestru’r cerbyd',
    driverName: 'Enw’r gyrrwr',
    type: 'Math',
    startDate: 'Dyddiad dechrau',
    endDate: 'Dyddiad gorffen',
    reference: 'Cyfeirnod',
    lastSeen: 'Gwelwyd ddiwethaf',
    notSeen: 'Heb ei weld',
    visitorLink: 'Dolen ymwelwyr',
    temporary: 'Dros dro',
    permanent: 'Parhaol',
    visitor: 'Ymwelydd ({{link}})',
  },
};
