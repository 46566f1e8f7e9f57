import type { invoicing as english } from '../en/invoicing';
import type { WelshTable } from '../welsh-table';

/** Invoicing area (operations spec: Invoicing, Invoice definition, Invoice wizard, Invoice). */
export const invoicing: WelshTable<typeof english> = {
  title: 'Anfonebu',
  steps: {
    type: 'Math o anfoneb',
    typeDescription: 'Dewis anfoneb',
    query: 'Ymholiad',
    queryDescription: 'Safle a dyddiadau',
    prepare: 'Paratoi',
    prepareDescription: 'Wrthi’n cynhyrchu',
    results: 'Canlyniadau',
    resultsDescription: 'Gweld a lawrlwytho',
  },
  type: {
    heading: 'Pa anfoneb ydych chi ei heisiau?',
    choose: 'Dewis {{name}}',
    dataName: 'mathau o anfonebau',
  },
  query: {
    heading: '{{name}}',
    site: 'Safle',
    startDate: 'Dyddiad dechrau',
    endDate: 'Dyddiad gorffen',
    /** The contract's invoice range rule codes (see i18n/rule-message.ts). */
    rules: {
      pattern: 'Rhowch ddyddiad dilys.',
      invalidDate: 'Rhowch ddyddiad dilys.',
      start: {
        required: 'Rhowch ddyddiad dechrau.',
        tooLate: 'Ni all y dyddiad dechrau fod yn hwyrach na heddiw.',
      },
      end: {
        required: 'Rhowch ddyddiad gorffen.',
        tooEarly: 'Ni all y dyddiad gorffen fod cyn y dyddiad dechrau.',
        rangeTooLong:
          'Ni all y dyddiad gorffen fod yn fwy na mis ar ôl y dyddiad dechrau, nac yn hwyrach na heddiw.',
        tooLate:
          'Ni all y dyddiad gorffen fod yn fwy na mis ar ôl y dyddiad dechrau, nac yn hwyrach na heddiw.',
      },
    },
    cancel: 'Canslo',
    generate: 'Cynhyrchu’r anfoneb',
  },
  prepare: {
    heading: 'Paratoi’r anfoneb',
    working: 'Wrthi’n paratoi eich anfoneb…',
    failed: 'Nid oedd modd cynhyrchu’r anfoneb. Rhowch gynnig arall arni yn nes ymlaen.',
    back: 'Yn ôl',
  },
  results: {
    heading: '{{name}} ar gyfer {{site}} – {{siteName}}, {{from}} i {{to}}',
    dataName: 'rhesi’r anfoneb',
    reset: 'Dechrau eto',
    download: 'Lawrlwytho’r anfoneb',
    downloadWorkbook: 'Lawrlwytho llyfr gwaith Excel',
    totals: 'Cyfansymiau ar gyfer {{rows}} o resi · {{columns}}',
  },
};
