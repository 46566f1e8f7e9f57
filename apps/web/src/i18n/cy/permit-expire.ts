import type {
  permitCancel as englishCancel,
  permitExpire as englishExpire,
  permitUpload as englishUpload,
} from '../en/permit-expire';
import type { WelshTable } from '../welsh-table';

/** Expire permit (disable/{type}/{permitId}): operations spec sections 2 and 4. */
export const permitExpire: WelshTable<typeof englishExpire> = {
  title: 'Terfynu trwydded',
  done: 'Mae’r drwydded ar gyfer {{registration}} ar safle {{site}} wedi’i therfynu.',
  question:
    'Ydych chi am derfynu’r drwydded hon? Bydd yn dod i ben nawr ac ni fydd y cerbyd wedi’i gwmpasu mwyach.',
  reference: 'Cyfeirnod',
  site: 'Safle',
  vehicleRegistration: 'Rhif cofrestru’r cerbyd',
  driverName: 'Enw’r gyrrwr',
  type: 'Math',
  state: 'Cyflwr',
  started: 'Dyddiad dechrau',
  ended: 'Dyddiad gorffen',
  back: 'Canslo',
  confirm: 'Terfynu’r drwydded',
  loadFailed:
    'Nid oedd modd llwytho’r drwydded. Efallai nad yw’n bodoli, neu nad yw ar un o’ch safleoedd chi.',
  backToPermits: 'Yn ôl i’r trwyddedau',
  notFound: 'Ni chafwyd hyd i’r drwydded. Efallai ei bod wedi’i dileu, neu nad yw ar un o’ch safleoedd chi.',
  notApplicable: 'Dim ond trwydded sydd wedi dechrau ac sydd heb ddod i ben eto y gellir ei therfynu.',
  failed: 'Nid oedd modd terfynu’r drwydded. Rhowch gynnig arall arni yn nes ymlaen.',
};

/** Cancel permit (cancel/{type}/{permitId}): take back a permit added by mistake before it starts (issue 24). */
export const permitCancel: WelshTable<typeof englishCancel> = {
  title: 'Canslo trwydded',
  done: 'Mae’r drwydded ar gyfer {{registration}} ar safle {{site}} wedi’i chanslo. Nid yw’n cyfrif yn erbyn y lwfans mwyach.',
  question:
    'Ydych chi am ganslo’r drwydded hon? Nid yw wedi dechrau eto: ni fydd byth yn dechrau, ac mae’n peidio â chyfrif yn erbyn y lwfans nawr. Caiff ei hanes ei gadw.',
  back: 'Cadw’r drwydded',
  confirm: 'Canslo’r drwydded',
  notFound: 'Ni chafwyd hyd i’r drwydded. Efallai ei bod wedi’i dileu, neu nad yw ar un o’ch safleoedd chi.',
  notApplicable:
    'Dim ond trwydded sydd heb ddechrau eto y gellir ei chanslo. Gellir terfynu trwydded sydd eisoes wedi dechrau.',
  failed: 'Nid oedd modd canslo’r drwydded. Rhowch gynnig arall arni yn nes ymlaen.',
};

/** Take back a bulk upload (uploads/{uploadId}): every permit of it cancelled at once, within its first hour. */
export const permitUpload: WelshTable<typeof englishUpload> = {
  title: 'Tynnu uwchlwythiad yn ôl',
  summary_zero: 'Ychwanegodd yr uwchlwythiad hwn {{count}} trwydded ar {{addedAt}} ({{addedBy}}).',
  summary_one: 'Ychwanegodd yr uwchlwythiad hwn {{count}} drwydded ar {{addedAt}} ({{addedBy}}).',
  summary_two: 'Ychwanegodd yr uwchlwythiad hwn {{count}} drwydded ar {{addedAt}} ({{addedBy}}).',
  summary_few: 'Ychwanegodd yr uwchlwythiad hwn {{count}} trwydded ar {{addedAt}} ({{addedBy}}).',
  summary_many: 'Ychwanegodd yr uwchlwythiad hwn {{count}} thrwydded ar {{addedAt}} ({{addedBy}}).',
  summary_other: 'Ychwanegodd yr uwchlwythiad hwn {{count}} trwydded ar {{addedAt}} ({{addedBy}}).',
  unknownUser: 'gan ddefnyddiwr anhysbys',
  question:
    'Ydych chi am dynnu’r uwchlwythiad cyfan yn ôl? Bydd pob trwydded a ychwanegodd nad yw wedi dod i ben yn cael ei chanslo nawr, p’un a yw wedi dechrau ai peidio, ac ni fydd yn cyfrif yn erbyn y lwfans mwyach. Gallwch wneud hyn tan {{until}}.',
  confirm_zero: 'Tynnu’r {{count}} trwydded i gyd yn ôl',
  confirm_one: 'Tynnu {{count}} drwydded yn ôl',
  confirm_two: 'Tynnu’r {{count}} drwydded i gyd yn ôl',
  confirm_few: 'Tynnu’r {{count}} trwydded i gyd yn ôl',
  confirm_many: 'Tynnu’r {{count}} thrwydded i gyd yn ôl',
  confirm_other: 'Tynnu’r {{count}} trwydded i gyd yn ôl',
  back: 'Cadw’r uwchlwythiad',
  done_zero: 'Mae’r uwchlwythiad wedi’i dynnu’n ôl: mae ei {{count}} trwydded wedi’u canslo.',
  done_one: 'Mae’r uwchlwythiad wedi’i dynnu’n ôl: mae ei {{count}} drwydded wedi’i chanslo.',
  done_two: 'Mae’r uwchlwythiad wedi’i dynnu’n ôl: mae ei {{count}} drwydded wedi’u canslo.',
  done_few: 'Mae’r uwchlwythiad wedi’i dynnu’n ôl: mae ei {{count}} trwydded wedi’u canslo.',
  done_many: 'Mae’r uwchlwythiad wedi’i dynnu’n ôl: mae ei {{count}} thrwydded wedi’u canslo.',
  done_other: 'Mae’r uwchlwythiad wedi’i dynnu’n ôl: mae ei {{count}} trwydded wedi’u canslo.',
  takenBack: 'Cafodd yr uwchlwythiad hwn ei dynnu’n ôl ar {{at}} gan {{by}}.',
  tooLate:
    'Dim ond o fewn awr i’w ychwanegu y gellir tynnu uwchlwythiad yn ôl (tan {{until}}). Yn lle hynny, canslwch neu terfynwch ei drwyddedau fesul un.',
  loadFailed:
    'Nid oedd modd llwytho’r uwchlwythiad. Efallai nad yw’n bodoli, neu nad oes gennych hawl i newid rhai o’i drwyddedau.',
  failed: 'Nid oedd modd tynnu’r uwchlwythiad yn ôl. Rhowch gynnig arall arni yn nes ymlaen.',
  conflict:
    'Nid oedd modd tynnu’r uwchlwythiad yn ôl: mae eisoes wedi’i dynnu’n ôl, neu mae’r awr wedi mynd heibio.',
  offer: 'Wedi’i ychwanegu drwy gamgymeriad? Tynnwch yr uwchlwythiad hwn yn ôl',
  offerFromPermit: 'Tynnu’n ôl yr uwchlwythiad cyfan y daeth y drwydded hon ohono',
  backToPermits: 'Yn ôl i’r trwyddedau',
};
