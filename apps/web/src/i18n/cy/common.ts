import type { common as english } from '../en/common';
import type { WelshTable } from '../welsh-table';

export const common: WelshTable<typeof english> = {
  appName: 'Client Portal',
  pageTitle: '{{title}} | Client Portal',
  loading: 'Wrthi’n llwytho…',
  retry: 'Ceisio eto',
  reload: 'Ail-lwytho’r dudalen',
  unknownError: 'Gwall anhysbys',
};
