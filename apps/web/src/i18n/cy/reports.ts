import type { reports as english } from '../en/reports';
import type { WelshTable } from '../welsh-table';

/** Reports area (issue 15). */
export const reports: WelshTable<typeof english> = {
  title: 'Adroddiadau',
  intro:
    'Lawrlwythwch adroddiad ar gyfer safle, grŵp neu eich holl safleoedd, fel CSV ar gyfer Excel neu fel llyfr gwaith Excel, neu gofynnwch iddo gael ei anfon atoch drwy e-bost bob wythnos neu bob mis.',
  loading: 'Wrthi’n llwytho adroddiadau…',
  failed: 'Nid oedd modd llwytho’r adroddiadau.',
  retry: 'Rhowch gynnig arall arni',
  choose: {
    heading: 'Dewis adroddiad',
    report: 'Adroddiad',
    site: 'Safle neu grŵp',
    allSites: 'Fy holl safleoedd',
    from: 'Diwrnod cyntaf',
    to: 'Diwrnod olaf',
    periodHint: '13 mis ar y mwyaf, yn gorffen heddiw fan bellaf.',
    asOfToday: 'Mae’r adroddiad hwn yn dangos mynediad fel y mae heddiw.',
    csv: 'Lawrlwytho CSV',
    xlsx: 'Lawrlwytho llyfr gwaith Excel',
    downloading: 'Wrthi’n paratoi’r ffeil…',
    downloaded: 'Wedi lawrlwytho {{fileName}}.',
    downloadFailed: 'Nid oedd modd lawrlwytho’r adroddiad. Rhowch gynnig arall arni.',
  },
  subscribe: {
    heading: 'Anfon yr adroddiad hwn ataf drwy e-bost',
    intro:
      'Mae pob neges yn cwmpasu’r wythnos (dydd Llun i ddydd Sul) neu’r mis calendr sydd newydd ddod i ben, ac fe’i hanfonir y bore wedyn, gyda’r mynediad sydd gennych chi bryd hynny.',
    frequency: 'Pa mor aml',
    frequencies: { weekly: 'Bob wythnos', monthly: 'Bob mis' },
    delivery: 'Y ffeil',
    deliveries: {
      attached: 'Wedi’i hatodi i’r e-bost',
      linked: 'Dolen i’w lawrlwytho (byddwch chi’n mewngofnodi yn gyntaf)',
    },
    format: 'Math o ffeil',
    formats: { csv: 'CSV ar gyfer Excel', xlsx: 'Llyfr gwaith Excel' },
    submit: 'Tanysgrifio',
    done: 'Wedi tanysgrifio: bydd {{name}} yn cael ei anfon atoch drwy e-bost {{frequency}}.',
    failed: 'Nid oedd modd cadw’r tanysgrifiad. Rhowch gynnig arall arni.',
    frequencyWords: { weekly: 'bob wythnos', monthly: 'bob mis' },
  },
  subscriptions: {
    heading: 'Eich tanysgrifiadau',
    empty: 'Nid oes gennych chi unrhyw danysgrifiadau i adroddiadau.',
    caption: 'Eich tanysgrifiadau i adroddiadau',
    report: 'Adroddiad',
    site: 'Safle neu grŵp',
    frequency: 'Pa mor aml',
    delivery: 'Y ffeil',
    nextMail: 'E-bost nesaf',
    actions: 'Camau gweithredu',
    cancel: 'Canslo',
    cancelLabel: 'Canslo’r tanysgrifiad i {{name}} ar gyfer {{site}}',
    cancelled: 'Mae’r tanysgrifiad i {{name}} wedi’i ganslo.',
    cancelFailed: 'Nid oedd modd canslo’r tanysgrifiad. Rhowch gynnig arall arni.',
    allSites: 'Fy holl safleoedd',
    deliveries: { attached: 'Wedi’i hatodi', linked: 'Dolen' },
    nextMailOn: '{{day}} (yn cwmpasu {{from}} i {{to}})',
  },
};
