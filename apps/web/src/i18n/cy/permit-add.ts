import type { permitAdd as english } from '../en/permit-add';
import type { WelshTable } from '../welsh-table';

/** Add permit (single): operations spec sections 2, 5 and 8. */
export const permitAdd: WelshTable<typeof english> = {
  title: 'Ychwanegu trwydded',
  intro: 'Ychwanegwch drwydded ar gyfer un cerbyd ar safle neu grŵp safleoedd.',
  site: 'Safle neu grŵp safleoedd',
  duration: 'Math o drwydded',
  durations: {
    Permanent: 'Parhaol',
    Temporary: 'Dros dro',
    Custom: 'Pwrpasol',
  },
  durationHints: {
    Permanent: 'Yn para {{years}} o’r dyddiad dechrau.',
    Temporary: 'Hyd at {{days}} diwrnod o’r dyddiad dechrau.',
    Custom: 'Unrhyw ddyddiad gorffen o fewn {{years}} i’r dyddiad dechrau.',
  },
  // {{years}} above: this word, or the count below ("o flynyddoedd" reads right after any number).
  oneYear: 'blwyddyn',
  years: '{{count}} o flynyddoedd',
  vehicleRegistration: 'Rhif cofrestru’r cerbyd',
  vehicleRegistrationPlaceholder: 'e.e. AB12CDE',
  driverName: 'Enw’r gyrrwr',
  startDate: 'Dyddiad dechrau',
  endDate: 'Dyddiad gorffen',
  permanentEnd: 'Mae’r drwydded yn dod i ben ar {{date}}.',
  reason: 'Rheswm',
  reasonPlaceholder: 'Dewiswch reswm (dewisol)',
  reasons: {
    '1': 'Cerbyd gwasanaeth',
    '2': 'Staff',
    '3': 'Contractwr',
    '4': 'Ymwelydd',
    '5': 'Preswylydd',
    '6': 'Arall',
    '7': 'Danfon i locer',
    '8': 'Claf',
  },
  authorisedBy: 'Awdurdodwyd gan',
  driverEmail: 'E-bost y gyrrwr (dewisol)',
  driverEmailHelp:
    'Bydd copi o’r cadarnhad yn cael ei anfon at y gyrrwr drwy e-bost. Nid yw’r cyfeiriad yn cael ei gadw.',
  cancel: 'Canslo',
  submit: 'Ychwanegu',
  /** Warnings about the typed plate before saving (the plate check). */
  plateCheck: {
    title: 'Gwiriwch y rhif cofrestru',
    similarSeen_zero:
      'Ai {{suggestion}} oeddech chi’n ei olygu? Cafodd ei weld yma {{count}} gwaith yr wythnos hon.',
    similarSeen_one: 'Ai {{suggestion}} oeddech chi’n ei olygu? Cafodd ei weld yma unwaith yr wythnos hon.',
    similarSeen_two: 'Ai {{suggestion}} oeddech chi’n ei olygu? Cafodd ei weld yma ddwywaith yr wythnos hon.',
    similarSeen_few:
      'Ai {{suggestion}} oeddech chi’n ei olygu? Cafodd ei weld yma {{count}} gwaith yr wythnos hon.',
    similarSeen_many:
      'Ai {{suggestion}} oeddech chi’n ei olygu? Cafodd ei weld yma {{count}} gwaith yr wythnos hon.',
    similarSeen_other:
      'Ai {{suggestion}} oeddech chi’n ei olygu? Cafodd ei weld yma {{count}} gwaith yr wythnos hon.',
    similarSeenMonth_zero:
      'Ai {{suggestion}} oeddech chi’n ei olygu? Cafodd ei weld yma {{count}} gwaith yn ystod y 30 diwrnod diwethaf.',
    similarSeenMonth_one:
      'Ai {{suggestion}} oeddech chi’n ei olygu? Cafodd ei weld yma unwaith yn ystod y 30 diwrnod diwethaf.',
    similarSeenMonth_two:
      'Ai {{suggestion}} oeddech chi’n ei olygu? Cafodd ei weld yma ddwywaith yn ystod y 30 diwrnod diwethaf.',
    similarSeenMonth_few:
      'Ai {{suggestion}} oeddech chi’n ei olygu? Cafodd ei weld yma {{count}} gwaith yn ystod y 30 diwrnod diwethaf.',
    similarSeenMonth_many:
      'Ai {{suggestion}} oeddech chi’n ei olygu? Cafodd ei weld yma {{count}} gwaith yn ystod y 30 diwrnod diwethaf.',
    similarSeenMonth_other:
      'Ai {{suggestion}} oeddech chi’n ei olygu? Cafodd ei weld yma {{count}} gwaith yn ystod y 30 diwrnod diwethaf.',
    similarPermit: 'Ai {{suggestion}} oeddech chi’n ei olygu? Mae gan y rhif cofrestru hwnnw drwydded yma.',
    unknownFormat:
      'Nid yw hwn yn edrych fel rhif cofrestru yn y DU. Gwiriwch ef cyn cadw; mae platiau personol a thramor yn iawn.',
    use: 'Defnyddio {{suggestion}}',
    saveAnyway: 'Cadw gyda {{registration}} beth bynnag',
    confirmFirst:
      'Defnyddiwch y rhif cofrestru a awgrymir, neu ticiwch "Cadw gyda {{registration}} beth bynnag" i gadw’r rhif fel y mae.',
  },
  failed: 'Nid oedd modd ychwanegu’r drwydded. Rhowch gynnig arall arni yn nes ymlaen.',
  allowanceExceeded:
    'Rydych chi wedi mynd dros eich lwfans trwyddedau. Cysylltwch â’ch cynrychiolydd cyswllt cleientiaid ar {{phone}} neu drwy e-bostio {{email}} i’w newid.',
  allowanceFull: {
    heading: 'Mae’r lwfans yn llawn',
    temporary:
      'Nid oes lle i drwydded dros dro arall ar gyfer {{site}}: mae {{used}} o’r {{cap}} a ganiateir yn gyfredol neu i ddod.',
    permanent:
      'Nid oes lle i drwydded barhaol neu bwrpasol arall ar gyfer {{site}}: mae {{used}} o’r {{cap}} a ganiateir yn gyfredol neu i ddod.',
    what: 'Canslwch neu terfynwch drwydded yno yn gyntaf, neu gofynnwch i’ch cynrychiolydd cyswllt cleientiaid gynyddu’r lwfans: ffoniwch {{phone}} neu anfonwch e-bost at {{email}}.',
  },
  added: {
    heading: 'Trwydded wedi’i hychwanegu',
    one: 'Mae’r drwydded ar gyfer {{registration}} wedi’i hychwanegu. Ei chyfeirnod yw {{reference}}.',
    mailed: 'Mae cadarnhad gyda’r cyfeirnod ar ei ffordd i’ch e-bost.',
    mailedDriver: 'Mae cadarnhad gyda’r cyfeirnod ar ei ffordd i’ch e-bost chi ac at y gyrrwr.',
    many: 'Mae trwyddedau ar gyfer {{registration}} wedi’u hychwanegu ar {{count}} safle.',
    addAnother: 'Ychwanegu un arall',
    backToPermits: 'Yn ôl i’r trwyddedau',
    view: 'Gweld y drwydded',
    viewLabel: 'Gweld y drwydded ar gyfer {{registration}} ar safle {{site}}',
    printProof: 'Argraffu prawf o gofrestru',
  },
};
