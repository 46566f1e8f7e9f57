import type {
  permitDetail as englishDetail,
  permitEdit as englishEdit,
  permitTickets as englishTickets,
} from '../en/permit-detail';
import type { WelshTable } from '../welsh-table';

/** Permit detail (view/{type}/{permitId}), edit (edit/{type}/{permitId}) and the tickets a permit covers. */
export const permitDetail: WelshTable<typeof englishDetail> = {
  title: 'Manylion y drwydded',
  reason: 'Rheswm',
  noReason: 'Dim',
  authorisedBy: 'Awdurdodwyd gan',
  addedBy: 'Ychwanegwyd gan',
  addedAt: 'Ychwanegwyd ar',
  unknownUser: 'Anhysbys',
  /** A change that came through an API key (decision 43): its creator and the key's name. */
  byApiKey: '{{by}} (allwedd API “{{key}}”)',
  print: 'Argraffu',
  edit: 'Golygu’r drwydded',
  expire: 'Terfynu’r drwydded',
  cancel: 'Canslo’r drwydded',
  backToPermits: 'Yn ôl i’r trwyddedau',
  loadFailed:
    'Nid oedd modd llwytho’r drwydded. Efallai nad yw’n bodoli, neu nad yw ar un o’ch safleoedd chi.',
  history: {
    heading: 'Hanes',
    when: 'Pryd',
    who: 'Pwy',
    what: 'Beth',
    field: 'Maes',
    from: 'O',
    to: 'I',
    none: 'Nid oes hanes wedi’i gofnodi ar gyfer y drwydded hon.',
    more: 'Yn dangos y {{shown}} cyntaf o’r {{total}} newid.',
    loadFailed: 'Nid oedd modd llwytho’r hanes.',
    kinds: { added: 'Ychwanegwyd', edited: 'Golygwyd', expired: 'Terfynwyd', cancelled: 'Canslwyd' },
    fields: {
      vehicleRegistration: 'Rhif cofrestru’r cerbyd',
      driverName: 'Enw’r gyrrwr',
      reason: 'Rheswm',
      ended: 'Dyddiad gorffen',
    },
  },
};

export const permitEdit: WelshTable<typeof englishEdit> = {
  title: 'Golygu’r drwydded',
  intro:
    'Cywirwch y rhif cofrestru, enw’r gyrrwr, y rheswm neu’r dyddiad gorffen. Mae’r safle, y math a’r dyddiad dechrau yn aros fel y cawsant eu hychwanegu.',
  permanentEnd: 'Mae trwydded barhaol yn dod i ben ar {{date}}; ni ellir newid ei dyddiad gorffen.',
  submit: 'Cadw’r newidiadau',
  cancel: 'Canslo',
  failed: 'Nid oedd modd cadw’r drwydded. Rhowch gynnig arall arni yn nes ymlaen.',
  notFound: 'Ni chafwyd hyd i’r drwydded. Efallai ei bod wedi’i dileu, neu nad yw ar un o’ch safleoedd chi.',
  ended: 'Mae’r drwydded hon eisoes wedi dod i ben, felly ni ellir ei golygu.',
  saved: 'Mae’r drwydded ar gyfer {{registration}} wedi’i diweddaru.',
  savedHeading: 'Newidiadau wedi’u cadw',
  unchanged: 'Ni newidiwyd dim.',
  changed: 'Wedi newid: {{fields}}.',
  viewPermit: 'Gweld y drwydded a’i hanes',
  editLabel: 'Golygu’r drwydded ar gyfer {{registration}}',
  edit: 'Golygu',
};

export const permitTickets: WelshTable<typeof englishTickets> = {
  heading: 'Taliadau parcio agored y mae’r drwydded hon yn eu cwmpasu',
  intro_zero: 'Mae gan y cerbyd hwn {{count}} tâl parcio agored ar safleoedd y drwydded o fewn ei dyddiadau.',
  intro_one: 'Mae gan y cerbyd hwn {{count}} tâl parcio agored ar safleoedd y drwydded o fewn ei dyddiadau.',
  intro_two: 'Mae gan y cerbyd hwn {{count}} dâl parcio agored ar safleoedd y drwydded o fewn ei dyddiadau.',
  intro_few: 'Mae gan y cerbyd hwn {{count}} thâl parcio agored ar safleoedd y drwydded o fewn ei dyddiadau.',
  intro_many:
    'Mae gan y cerbyd hwn {{count}} thâl parcio agored ar safleoedd y drwydded o fewn ei dyddiadau.',
  intro_other:
    'Mae gan y cerbyd hwn {{count}} tâl parcio agored ar safleoedd y drwydded o fewn ei dyddiadau.',
  more: 'Dim ond y {{count}} cyntaf sydd wedi’u rhestru.',
  ticketNumber: 'Tâl parcio',
  site: 'Safle',
  vehicleRegistration: 'Rhif cofrestru’r cerbyd',
  violationDate: 'Dyddiad y tramgwydd',
  status: 'Statws',
  cancelAll: 'Canslo’r taliadau parcio hyn',
  cancelling: 'Wrthi’n canslo…',
  cancelled: 'Wedi’i ganslo',
  refused: 'Heb ei ganslo: {{reasons}}',
  failed: 'Heb ei ganslo: rhowch gynnig arall arni yn nes ymlaen.',
  open: 'Agored',
  summary: 'Taliadau parcio wedi’u canslo: {{cancelled}} o {{count}}.',
  permitCovered: 'Roedd trwydded yn cwmpasu’r cerbyd hwn ar y pryd',
};
