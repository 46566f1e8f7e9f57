import type { permitBulk as english } from '../en/permit-bulk';
import type { WelshTable } from '../welsh-table';

/**
 * Bulk add permits from a CSV file: operations spec sections 2, 3, 4, 5 and 8. The file's column
 * headings and its Yes/No values stay in English: the parser reads them as they are.
 */
export const permitBulk: WelshTable<typeof english> = {
  title: 'Ychwanegu trwyddedau mewn swmp',
  intro:
    'Uwchlwythwch ffeil CSV ag un drwydded ym mhob rhes a’r colofnau hyn, gyda’u penawdau yn Saesneg: Site, Vehicle Registration, Driver Name, Temporary (Yes neu No), Start Date ac End Date. Gellir gadael End Date yn wag ar gyfer trwyddedau parhaol. Gellir ysgrifennu dyddiadau fel dd/mm/bbbb neu bbbb-mm-dd.',
  template: 'Lawrlwytho templed',
  templateFileName: 'templed-trwyddedau.csv',
  fileLabel: 'Ffeil CSV',
  dropHint: 'Llusgwch ffeil CSV yma, neu dewiswch un',
  chooseFile: 'Dewis ffeil CSV',
  selected: 'Wedi’i dewis: {{name}}',
  foundPermits: 'Trwyddedau a ganfuwyd',
  reading: 'Wrthi’n darllen y ffeil…',
  checking: 'Wrthi’n gwirio’r rhesi: {{done}} o {{total}} wedi’u gwneud…',
  checkingLabel: 'Cynnydd y gwiriad',
  dataName: 'trwyddedau a ganfuwyd',
  summary: 'Rhesi dilys: {{valid}} o {{total}}.',
  onlyAttention: 'Dangos dim ond y rhesi sydd angen sylw',
  attention_zero:
    'Mae angen sylw ar {{count}} rhes: cywirwch nhw gyda Golygu, neu newidiwch y ffeil a’i dewis eto.',
  attention_one: 'Mae angen sylw ar 1 rhes: cywirwch hi gyda Golygu, neu newidiwch y ffeil a’i dewis eto.',
  attention_two:
    'Mae angen sylw ar {{count}} res: cywirwch nhw gyda Golygu, neu newidiwch y ffeil a’i dewis eto.',
  attention_few:
    'Mae angen sylw ar {{count}} rhes: cywirwch nhw gyda Golygu, neu newidiwch y ffeil a’i dewis eto.',
  attention_many:
    'Mae angen sylw ar {{count}} rhes: cywirwch nhw gyda Golygu, neu newidiwch y ffeil a’i dewis eto.',
  attention_other:
    'Mae angen sylw ar {{count}} rhes: cywirwch nhw gyda Golygu, neu newidiwch y ffeil a’i dewis eto.',
  /** Correcting one row of the preview where it stands (issue 24). */
  edit: {
    button: 'Golygu rhes {{line}}',
    title: 'Golygu rhes {{line}}',
    intro: 'Cywirwch y rhes fel y byddai yn y ffeil. Caiff ei gwirio eto pan fyddwch yn ei chadw.',
    temporary: 'Dros dro',
    temporaryPlaceholder: 'Ie neu Na',
    yes: 'Ie',
    no: 'Na',
    dateHint: 'dd/mm/bbbb neu bbbb-mm-dd',
    endHint: 'Trwyddedau dros dro yn unig: dd/mm/bbbb neu bbbb-mm-dd',
    save: 'Gwirio a chadw',
    cancel: 'Canslo',
    valid: 'Mae rhes {{line}} wedi’i gwirio eto ac mae’n ddilys.',
    warned: 'Mae rhes {{line}} wedi’i gwirio eto ac mae’n ddilys, gyda rhybudd am ei rhif cofrestru.',
    invalid: 'Mae rhes {{line}} wedi’i gwirio eto ac mae angen sylw arni o hyd: {{reasons}}',
  },
  /** Asked once, when rows that carry plate warnings are uploaded. */
  confirm: {
    title: 'Uwchlwytho rhesi â rhybuddion?',
    body_zero: 'Mae rhybuddion o hyd am rifau cofrestru rhesi {{lines}}.',
    body_one: 'Mae rhybudd o hyd am rif cofrestru rhes {{lines}}.',
    body_two: 'Mae rhybuddion o hyd am rifau cofrestru rhesi {{lines}}.',
    body_few: 'Mae rhybuddion o hyd am rifau cofrestru rhesi {{lines}}.',
    body_many: 'Mae rhybuddion o hyd am rifau cofrestru rhesi {{lines}}.',
    body_other: 'Mae rhybuddion o hyd am rifau cofrestru rhesi {{lines}}.',
    question: 'Eu huwchlwytho gyda’r rhifau cofrestru fel y maen nhw?',
    upload: 'Uwchlwytho beth bynnag',
    back: 'Mynd yn ôl',
  },
  columns: {
    line: 'Rhes',
    site: 'Safle',
    vehicleRegistration: 'Rhif cofrestru’r cerbyd',
    driverName: 'Enw’r gyrrwr',
    type: 'Math',
    started: 'Dyddiad dechrau',
    ended: 'Dyddiad gorffen',
    status: 'Statws',
    plateCheck: 'Gwiriad plât',
    edit: 'Golygu',
  },
  /** Similar plates found by the plate check, per row. */
  plateCheck: {
    use: 'Defnyddio {{suggestion}} ar res {{line}}',
    keep: 'Cadw {{registration}} ar res {{line}}',
    undecided_zero:
      'Mae gan resi {{lines}} rifau cofrestru tebyg i rai a welwyd ar eu safleoedd: defnyddiwch yr awgrym neu cadwch bob un fel y’i teipiwyd.',
    undecided_one:
      'Mae gan res {{lines}} rif cofrestru tebyg i un a welwyd ar ei safle: defnyddiwch yr awgrym neu cadwch ef fel y’i teipiwyd.',
    undecided_two:
      'Mae gan resi {{lines}} rifau cofrestru tebyg i rai a welwyd ar eu safleoedd: defnyddiwch yr awgrym neu cadwch bob un fel y’i teipiwyd.',
    undecided_few:
      'Mae gan resi {{lines}} rifau cofrestru tebyg i rai a welwyd ar eu safleoedd: defnyddiwch yr awgrym neu cadwch bob un fel y’i teipiwyd.',
    undecided_many:
      'Mae gan resi {{lines}} rifau cofrestru tebyg i rai a welwyd ar eu safleoedd: defnyddiwch yr awgrym neu cadwch bob un fel y’i teipiwyd.',
    undecided_other:
      'Mae gan resi {{lines}} rifau cofrestru tebyg i rai a welwyd ar eu safleoedd: defnyddiwch yr awgrym neu cadwch bob un fel y’i teipiwyd.',
    checkFailed:
      'Nid oedd modd gwirio’r rhifau cofrestru yn erbyn y camerâu; bydd yr uwchlwythiad yn eu gwirio eto.',
  },
  types: {
    temporary: 'Dros dro',
    permanent: 'Parhaol',
  },
  status: {
    valid: 'Dilys',
    invalid: 'Annilys',
  },
  messages: {
    invalidFile: 'Nid ffeil CSV yw’r ffeil a ddewiswyd. Dewiswch ffeil y mae ei henw’n gorffen gyda .csv.',
    refused: 'Nid oes modd ychwanegu’r trwyddedau fel y mae’r ffeil ar hyn o bryd.',
    rowsInvalid:
      'Mae gwallau dilysu mewn rhai o resi’r ffeil. Cywirwch y rhesi sydd wedi’u hamlygu a dewiswch y ffeil eto, neu cywirwch nhw yma gyda Golygu.',
    unreadable: 'Nid oedd modd darllen y ffeil. Dewiswch ffeil CSV sy’n cynnwys y colofnau a nodwyd.',
    missingColumns: 'Colofnau sydd ar goll: {{columns}}.',
    noRows: 'Nid oes trwyddedau yn y ffeil.',
    tooManyRows: 'Mae mwy na {{max}} o drwyddedau yn y ffeil. Rhannwch hi’n ffeiliau llai.',
    allowanceExceeded:
      'Rydych chi wedi mynd dros eich lwfans trwyddedau. Cysylltwch â’ch cynrychiolydd cyswllt cleientiaid ar {{phone}} neu drwy e-bostio {{email}} i’w newid.',
    failed: 'Nid oedd modd ychwanegu’r trwyddedau. Rhowch gynnig arall arni yn nes ymlaen.',
  },
  cancel: 'Canslo',
  upload: 'Uwchlwytho',
  added: 'Mae’r ffeil wedi’i huwchlwytho ac mae {{count}} o drwyddedau wedi’u hychwanegu.',
  addedOne: 'Mae’r ffeil wedi’i huwchlwytho ac mae un drwydded wedi’i hychwanegu.',
  addMore: 'Ychwanegu rhagor o drwyddedau',
  backToPermits: 'Yn ôl i’r trwyddedau',
};
