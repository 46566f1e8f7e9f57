import { RECOVERY_CODE_COUNT } from '@client-portal/contract';
import type { identity as english } from '../en/identity';
import type { WelshTable } from '../welsh-table';

/**
 * Sign-in's second step, single sign-on, email confirmation, passwords and two-factor. The two
 * "passwords differ" messages are the contract's English constants in the en table; here they are
 * Welsh, as the form shows them.
 */
export const identity: WelshTable<typeof english> = {
  code: {
    heading: 'Dilysu dau ffactor',
    intro: 'Rhowch y cod 6 digid o’ch ap dilysu.',
    introRecovery: 'Rhowch un o’r codau adfer a gadwoch pan wnaethoch droi dilysu dau ffactor ymlaen.',
    label: 'Cod dilysu',
    recoveryLabel: 'Cod adfer',
    /** Rule codes of the contract's two-factor code (see i18n/rule-message.ts). */
    rules: {
      required: 'Rhowch y cod.',
      invalidType: 'Rhowch y cod.',
      maxLength: 'Rhaid i’r cod fod yn rhifau yn unig.',
      pattern: 'Rhaid i’r cod fod yn rhifau yn unig.',
    },
    wrong: 'Nid yw’r cod hwnnw’n gywir. Rhowch y cod presennol o’ch ap dilysu.',
    useRecovery: 'Defnyddio cod adfer',
    useApp: 'Defnyddio cod o’r ap dilysu',
    submit: 'Dilysu',
    back: 'Yn ôl i fewngofnodi',
  },
  sso: {
    button: 'Mewngofnodi gyda chyfrif eich sefydliad',
    or: 'neu',
    title: 'Mewngofnodi sengl',
    wait: 'Wrthi’n eich mewngofnodi, arhoswch…',
    slow: 'Mae hyn yn cymryd mwy o amser nag arfer...',
    noAccess: 'Nid oes gennych fynediad i’r rhaglen hon.',
    failed: 'Methodd y mewngofnodi sengl. Rhowch gynnig arall arni.',
    startFailed:
      'Nid yw mewngofnodi sengl ar gael ar hyn o bryd. Rhowch gynnig arall arni ymhen ychydig funudau.',
    backToSignIn: 'Yn ôl i fewngofnodi',
  },
  forgotPassword: 'Wedi anghofio eich cyfrinair?',
  returnToSignIn: 'Yn ôl i fewngofnodi',
  confirm: {
    title: 'Cadarnhau cyfeiriad e-bost',
    loading: 'Wrthi’n cadarnhau eich cyfeiriad e-bost…',
    complete: 'Mae eich cyfeiriad e-bost wedi’i gadarnhau.',
    completeSetPassword:
      'Mae eich cyfeiriad e-bost wedi’i gadarnhau. Dewiswch gyfrinair i orffen sefydlu eich cyfrif.',
    failed:
      'Nid oedd modd cadarnhau eich cyfeiriad e-bost. Efallai fod y ddolen wedi dod i ben neu ei bod wedi’i defnyddio’n barod.',
    setPassword: 'Gosod cyfrinair',
  },
  resetRequest: {
    title: 'Ailosod cyfrinair',
    intro: 'Rhowch gyfeiriad e-bost eich cyfrif a byddwn yn anfon dolen atoch i ddewis cyfrinair newydd.',
    submit: 'Anfon dolen ailosod',
    loading: 'Wrthi’n anfon…',
    complete:
      'Os oes cyfrif yn bodoli ar gyfer {{email}}, mae dolen ailosod ar ei ffordd. Mae’r ddolen yn ddilys am 24 awr.',
    failed: 'Nid oedd modd gofyn am ddolen ailosod. Rhowch gynnig arall arni ymhen ychydig funudau.',
  },
  reset: {
    title: 'Dewis cyfrinair newydd',
    preparing: 'Wrthi’n gwirio eich dolen…',
    invalidLink: 'Ni chafwyd hyd i’r cais i ailosod y cyfrinair. Efallai fod y ddolen wedi dod i ben.',
    newPassword: 'Cyfrinair newydd',
    confirmPassword: 'Cadarnhau’r cyfrinair newydd',
    submit: 'Gosod cyfrinair',
    complete: 'Mae eich cyfrinair wedi’i osod. Gallwch fewngofnodi ag ef nawr.',
    failed: 'Nid oedd modd gosod eich cyfrinair. Rhowch gynnig arall arni.',
    differ: 'Nid yw’r cyfrineiriau a roddwyd yn cyfateb.',
    requestNew: 'Gofyn am ddolen newydd',
  },
  passwordRules: {
    heading: 'Gofynion eich cyfrinair:',
    /** The contract's password rule codes (see i18n/rule-message.ts); also the bullets' texts. */
    minLength: 'Rhaid i gyfrineiriau fod ag o leiaf {{min}} nod.',
    needsUppercase: "Rhaid i gyfrineiriau gynnwys o leiaf un briflythyren ('A'-'Z').",
    needsLowercase: "Rhaid i gyfrineiriau gynnwys o leiaf un llythyren fach ('a'-'z').",
    needsDigit: "Rhaid i gyfrineiriau gynnwys o leiaf un digid ('0'-'9').",
    needsSymbol: 'Rhaid i gyfrineiriau gynnwys o leiaf un nod nad yw’n llythyren nac yn ddigid.',
    maxLength: 'Ni chaiff cyfrineiriau fod yn hwy na {{max}} nod.',
    required: 'Rhowch gyfrinair.',
    confirmRequired: 'Cadarnhewch y cyfrinair.',
  },
  changePassword: {
    title: 'Newid cyfrinair',
    oldPassword: 'Cyfrinair presennol',
    /** The contract's rule codes of the change form's own field (see i18n/rule-message.ts). */
    rules: { oldPassword: { required: 'Rhowch eich cyfrinair presennol.' } },
    newPassword: 'Cyfrinair newydd',
    confirmPassword: 'Cadarnhau’r cyfrinair newydd',
    submit: 'Newid cyfrinair',
    success: 'Mae eich cyfrinair wedi’i newid.',
    failed: 'Nid oedd modd newid eich cyfrinair. Rhowch gynnig arall arni.',
    differ: 'Nid yw’r cyfrineiriau’n cyfateb.',
  },
  twoFactor: {
    title: 'Dilysu dau ffactor',
    intro: 'Mae dilysu dau ffactor yn gofyn am god o ap dilysu ar eich ffôn yn ogystal â’ch cyfrinair.',
    loadFailed: 'Methwyd â llwytho eich gosodiadau dilysu dau ffactor.',
    statusOn: 'Mae dilysu dau ffactor ymlaen.',
    statusOff: 'Mae dilysu dau ffactor i ffwrdd.',
    recoveryLeft: 'Codau adfer ar ôl: {{count}}',
    turnOn: 'Troi dilysu dau ffactor ymlaen',
    turnOff: 'Diffodd dilysu dau ffactor',
    setupFailed: 'Nid oedd modd sefydlu dilysu dau ffactor. Rhowch gynnig arall arni.',
    scan: 'Sganiwch y cod QR hwn gyda’ch ap dilysu, neu teipiwch yr allwedd isod.',
    qrAlt: 'Cod QR ar gyfer eich ap dilysu',
    secretLabel: 'Allwedd',
    codeLabel: 'Cod o’r ap',
    confirm: 'Cadarnhau',
    cancel: 'Canslo',
    codeWrong: 'Nid yw’r cod yn ddilys.',
    failed: 'Nid oedd modd cadw’r newid. Rhowch gynnig arall arni.',
    recoveryHeading: 'Cadwch eich codau adfer',
    recoveryIntro: `Mae dilysu dau ffactor ymlaen nawr. Cadwch y ${RECOVERY_CODE_COUNT} cod adfer hyn yn rhywle diogel: mae pob un yn eich mewngofnodi unwaith os byddwch yn colli eich ffôn. Dim ond y tro hwn y cânt eu dangos.`,
    copy: 'Copïo’r codau',
    copied: 'Wedi copïo',
    download: 'Lawrlwytho’r codau',
    done: 'Wedi gorffen',
    offIntro: 'Rhowch god o’ch ap dilysu, neu god adfer, i ddiffodd dilysu dau ffactor.',
    turnedOff: 'Mae dilysu dau ffactor wedi’i ddiffodd nawr.',
    fileHeading: 'Codau adfer Client Portal ar gyfer {{email}}',
  },
};
