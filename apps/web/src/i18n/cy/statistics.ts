import type { statistics as english } from '../en/statistics';
import type { WelshTable } from '../welsh-table';

/** Statistics area (issue 15). */
export const statistics: WelshTable<typeof english> = {
  title: 'Ystadegau',
  intro:
    'Pa mor brysur yw eich meysydd parcio, beth yw cost trwyddedau a thaliadau parcio, a pha mor agos ydych chi at eich lwfansau.',
  choices: {
    legend: 'Beth i’w ddangos',
    site: 'Safle neu grŵp',
    allSites: 'Fy holl safleoedd',
    period: 'Cyfnod',
    periods: {
      'this-month': 'Y mis hwn',
      'last-month': 'Y mis diwethaf',
      'last-12-months': 'Y 12 mis diwethaf',
      custom: 'Cyfnod penodol',
    },
    from: 'Diwrnod cyntaf',
    to: 'Diwrnod olaf',
    customHint: '13 mis ar y mwyaf, yn gorffen heddiw fan bellaf.',
    show: 'Dangos',
  },
  showing: 'Yn dangos {{name}} o {{from}} i {{to}}.',
  loading: 'Wrthi’n llwytho ystadegau…',
  failed: 'Nid oedd modd llwytho’r ystadegau.',
  retry: 'Rhowch gynnig arall arni',
  view: {
    label: '{{title}}: dangos fel',
    chart: 'Siart',
    table: 'Tabl',
    download: 'Lawrlwytho CSV',
    downloadLabel: 'Lawrlwytho {{title}} fel CSV',
  },
  parking: {
    heading: 'Parcio',
    stays: 'Arosiadau',
    income: 'Incwm',
    averageStay: 'Arhosiad cyfartalog',
    minutes: '{{minutes}} munud',
    days: {
      title: 'Arosiadau ac incwm bob dydd',
      summary: '{{stays}} o arosiadau ac incwm o {{income}} dros {{days}} o ddiwrnodau.',
    },
    methods: {
      title: 'Dulliau talu',
      summary: 'Arosiadau: cerdyn {{card}}, ap {{app}}, arian parod {{cash}}.',
      card: 'Cerdyn',
      app: 'Ap',
      cash: 'Arian parod',
      method: 'Dull talu',
    },
    occupancy: {
      title: 'Defnydd fesul awr a diwrnod o’r wythnos',
      summary:
        'Cyfartaledd y cerbydau sy’n bresennol ym mhob awr. Prysuraf: {{day}} {{hour}}:00, gyda {{vehicles}} ar gyfartaledd.',
      empty: 'Nid oedd unrhyw gerbydau’n bresennol yn ystod y cyfnod.',
      day: 'Diwrnod',
      hour: '{{hour}}:00',
    },
    day: 'Diwrnod',
    averageStayMinutes: 'Arhosiad cyfartalog (munudau)',
  },
  weekdays: [
    'Dydd Llun',
    'Dydd Mawrth',
    'Dydd Mercher',
    'Dydd Iau',
    'Dydd Gwener',
    'Dydd Sadwrn',
    'Dydd Sul',
  ],
  weekdaysShort: ['Llun', 'Maw', 'Mer', 'Iau', 'Gwe', 'Sad', 'Sul'],
  /** Every chart axis says what it counts, in which unit. */
  axis: {
    day: 'Diwrnod',
    weekStarting: 'Wythnos yn dechrau',
    month: 'Mis',
    stays: 'Arosiadau (cerbydau)',
    income: 'Incwm (£)',
    activePermits: 'Trwyddedau gweithredol',
    addedPermits: 'Trwyddedau a ychwanegwyd',
    paymentMethod: 'Dull talu',
    reason: 'Rheswm',
    tickets: 'Taliadau parcio',
  },
  permits: {
    heading: 'Trwyddedau',
    temporary: 'Dros dro',
    permanent: 'Parhaol',
    visitor: 'Ymwelwyr',
    active: {
      title: 'Trwyddedau gweithredol dros amser',
      summary:
        'Ar {{day}}: {{temporary}} o drwyddedau dros dro, {{permanent}} o drwyddedau parhaol a {{visitor}} o drwyddedau ymwelwyr.',
    },
    added: {
      title: 'Trwyddedau a ychwanegwyd bob wythnos',
      summary: '{{total}} o drwyddedau wedi’u hychwanegu yn ystod y cyfnod.',
      week: 'Wythnos yn dechrau',
    },
    reasons: {
      title: 'Rhesymau dros ychwanegu trwyddedau',
      summary: '{{total}} o resymau wedi’u rhoi.',
      reason: 'Rheswm',
      added: 'Trwyddedau a ychwanegwyd',
    },
  },
  enforcement: {
    heading: 'Gorfodi',
    title: 'Taliadau parcio a godwyd, a ganslwyd ac a leihawyd bob mis',
    summary:
      '{{issued}} o daliadau parcio wedi’u codi, {{cancellations}} wedi’u canslo a {{reductions}} wedi’u lleihau.',
    month: 'Mis',
    issued: 'Taliadau a godwyd',
    /** The chart legend's shorter word for it, so the legend fits one line on a phone. */
    issuedShort: 'A godwyd',
    cancellations: 'A ganslwyd',
    reductions: 'A leihawyd',
    cancellationAllowance: 'Lwfans canslo',
    reductionAllowance: 'Lwfans lleihau',
    unlimited: 'Dim terfyn',
  },
  sites: {
    heading: 'Cymharu safleoedd',
    dataName: 'ffigurau safleoedd',
    site: 'Safle',
    name: 'Enw',
    stays: 'Arosiadau',
    income: 'Incwm (£)',
    ticketsIssued: 'Taliadau a godwyd',
    chargesPer1000Stays: 'Taliadau fesul 1,000 o arosiadau',
    cancellations: 'Taliadau a ganslwyd',
    cancellationUse: 'Lwfans canslo a ddefnyddiwyd (%)',
    reductions: 'Taliadau a leihawyd',
    reductionUse: 'Lwfans lleihau a ddefnyddiwyd (%)',
  },
};
