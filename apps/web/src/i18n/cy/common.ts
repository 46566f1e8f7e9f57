import type { common as english } from '../en/common';
import type { WelshTable } from '../welsh-table';

export const common: WelshTable<typeof english> = {
  appName: 'Client Portal',
  pageTitle: '{{title}} | Client Portal',
  loading: 'Wrthi’n llwytho…',
  retry: 'Ceisio eto',
  reload: 'Ail-lwytho’r dudalen',
  unknownError: 'Gwall anhysbys',
  siteNotInReach: 'Nid yw’r safle neu’r grŵp a ddewiswyd yn un o’ch rhai chi. Dewiswch un arall.',
  periodRules: {
    from: {
      required: 'Rhowch y diwrnod cyntaf.',
      tooLate: 'Ni all y diwrnod cyntaf fod yn hwyrach na heddiw.',
    },
    to: {
      required: 'Rhowch y diwrnod olaf.',
      tooEarly: 'Rhaid i’r diwrnod olaf fod yr un diwrnod â’r diwrnod cyntaf neu ar ei ôl.',
      tooLate: 'Ni all y diwrnod olaf fod yn hwyrach na heddiw.',
      rangeTooLong: 'Gall y cyfnod fod yn {{months}} mis ar y mwyaf.',
    },
  },
};
