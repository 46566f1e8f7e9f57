import type { apiKeys as english } from '../en/api-keys';
import type { WelshTable } from '../welsh-table';

/** API keys (issue 26, decision 43). */
export const apiKeys: WelshTable<typeof english> = {
  title: 'Allweddi API',
  intro:
    'Mae allwedd API yn gadael i systemau eich sefydliad chi (system rota neu system ymwelwyr) ychwanegu, rhestru a therfynu trwyddedau a gweithredu ar daliadau parcio drwy API y porth, o fewn y nodweddion a’r safleoedd rydych chi’n eu rhoi iddi. Gweler canllaw’r API i gael enghreifftiau.',
  add: 'Creu allwedd API',
  addTitle: 'Creu allwedd API',
  dataName: 'allweddi API',
  filters: {
    state: 'Dangos',
    all: 'Pob allwedd',
    active: 'Gweithredol',
    expired: 'Wedi dod i ben',
    revoked: 'Wedi’u dirymu',
  },
  columns: {
    name: 'Enw',
    hint: 'Allwedd',
    company: 'Sefydliad',
    createdBy: 'Crëwyd gan',
    features: 'Beth y caiff ei wneud',
    access: 'Safleoedd',
    scim: 'Cyfrifon y cyfeiriadur (SCIM)',
    created: 'Crëwyd',
    expires: 'Yn gweithio tan',
    lastUsed: 'Defnyddiwyd ddiwethaf',
    state: 'Cyflwr',
    actions: 'Camau gweithredu',
  },
  states: { active: 'Gweithredol', expired: 'Wedi dod i ben', revoked: 'Wedi’i thirymu' },
  neverUsed: 'Byth',
  revoke: 'Dirymu',
  revokeLabel: 'Dirymu’r allwedd API {{name}}',
  revokeTitle: 'Dirymu allwedd API',
  revokeQuestion:
    'Dirymu’r allwedd API {{name}} ({{hint}})? Bydd pob system sy’n ei defnyddio yn cael ei gwrthod o’i chais nesaf ymlaen. Nid oes modd dadwneud hyn.',
  revokeConfirm: 'Dirymu’r allwedd',
  cancel: 'Canslo',
  revoked: 'Mae’r allwedd API {{name}} wedi’i thirymu.',
  revokeFailed: 'Nid oedd modd dirymu’r allwedd API. Rhowch gynnig arall arni yn nes ymlaen.',
  name: 'Enw',
  nameHint: 'Beth sy’n defnyddio’r allwedd, fel “Rota’r shifft nos”.',
  expiresOn: 'Y diwrnod olaf y mae’n gweithio',
  expiresOnHint:
    'Dim mwy na blwyddyn o heddiw; mae’n peidio â gweithio am hanner nos ar ddiwedd y diwrnod hwn.',
  features: 'Beth y caiff ei wneud',
  featuresHint:
    'Dim ond nodweddion sydd gennych chi eich hun. Ni all allwedd fyth reoli defnyddwyr, rolau, allweddi na gosodiadau ar sgriniau’r porth; gyda’r nodwedd “Add user accounts” (ychwanegu cyfrifon defnyddwyr) gall greu cyfrifon o’ch cyfeiriadur (SCIM), fel y’u gosodir isod.',
  noFeatures: 'Nid oes gennych unrhyw nodwedd y gellir ei rhoi i allwedd API.',
  access: 'Safleoedd a grwpiau',
  accessHint: 'Dim ond eich safleoedd a’ch grwpiau eich hun.',
  scimLegend: 'Cyfrifon o’ch cyfeiriadur (SCIM)',
  scimIntro:
    'Gall Microsoft Entra ID neu Okta greu, diweddaru a dadactifadu cyfrifon eich sefydliad gyda’r allwedd hon yn /scim/v2 (gweler canllaw’r API). Bydd y cyfrifon y mae’n eu creu yn cael y rôl hon a’r safleoedd hyn.',
  scimRole: 'Rôl y cyfrifon',
  scimRolePlaceholder: 'Dewiswch rôl',
  scimAccess: 'Safleoedd a grwpiau’r cyfrifon',
  scimAccessHint: 'O blith safleoedd a grwpiau’r allwedd ei hun, a ddewiswyd uchod.',
  scimChooseAccessFirst: 'Dewiswch safleoedd a grwpiau’r allwedd yn gyntaf.',
  scimNone: '—',
  scimSummary: '{{role}} ar gyfer {{access}}',
  scimNoRole: 'dim rôl (wedi’i dileu)',
  submitAdd: 'Creu’r allwedd',
  addFailed: 'Methwyd â chreu’r allwedd API. Rhowch gynnig arall arni yn nes ymlaen.',
  operatorCannotAdd:
    'Rheolwr sefydliad cleient sy’n creu allweddi API ar gyfer ei safleoedd ei hun. Fel gweinyddwr y gweithredwr, gallwch weld a dirymu pob allwedd.',
  createdTitle: 'Eich allwedd API newydd',
  createdWarning:
    'Copïwch yr allwedd hon nawr a’i chadw yn rhywle diogel: dim ond y tro hwn y caiff ei dangos. Os byddwch yn ei cholli, dirymwch hi a chrëwch un arall.',
  keyLabel: 'Allwedd API {{name}}',
  copy: 'Copïo’r allwedd',
  copied: 'Wedi copïo',
  done: 'Yn ôl i’r allweddi API',
  /** Rule codes of the contract's key input, as the form says them (see i18n/rule-message.ts). */
  rules: {
    name: {
      required: 'Rhowch enw.',
      invalidType: 'Rhowch enw.',
      maxLength: 'Ni chaiff yr enw fod yn hwy na {{max}} nod.',
    },
    expiresOn: {
      required: 'Rhowch y diwrnod olaf y mae’r allwedd yn gweithio.',
      invalidType: 'Rhowch y diwrnod olaf y mae’r allwedd yn gweithio.',
      pattern: 'Rhowch ddyddiad.',
      invalidDate: 'Rhowch ddyddiad go iawn.',
      tooEarly: 'Rhaid i’r allwedd weithio tan {{min}} o leiaf.',
      tooLate: 'Mae allwedd yn gweithio am flwyddyn ar y mwyaf: tan {{max}} fan bellaf.',
    },
    features: { required: 'Dewiswch o leiaf un nodwedd.' },
    access: { required: 'Dewiswch o leiaf un safle neu grŵp.' },
    scimRoleId: {
      required: 'Dewiswch rôl y cyfrifon y mae’r allwedd yn eu hychwanegu.',
      invalidType: 'Dewiswch rôl y cyfrifon y mae’r allwedd yn eu hychwanegu.',
    },
    scimAccess: {
      required: 'Dewiswch o leiaf un safle neu grŵp ar gyfer y cyfrifon y mae’r allwedd yn eu hychwanegu.',
      notAllowed: 'Dewiswch o blith safleoedd a grwpiau’r allwedd ei hun.',
    },
  },
};
