import type { account as english } from '../en/account';
import type { WelshTable } from '../welsh-table';

export const account: WelshTable<typeof english> = {
  nav: {
    label: 'Cyfrif',
    overview: 'Trosolwg',
    support: 'Cymorth',
    password: 'Cyfrinair',
    twoFactor: 'Dilysu dau ffactor',
    notifications: 'Hysbysiadau drwy e-bost',
  },
  overview: {
    title: 'Trosolwg o’r cyfrif',
    email: 'Cyfeiriad e-bost:',
    sessionType: 'Wedi mewngofnodi gyda:',
    identity: 'E-bost a chyfrinair (identity)',
    msal: 'Mewngofnodi sengl ar gyfer staff y darparwr (msal)',
    access: 'Mynediad i safleoedd:',
    allSites: 'Pob safle',
    noSites: 'Dim safleoedd',
    sitesHeading: 'Eich safleoedd a’ch grwpiau safleoedd',
    sitesDataName: 'eich safleoedd',
    number: 'Rhif',
    name: 'Enw',
    kind: 'Math',
    site: 'Safle',
    group: 'Grŵp safleoedd',
  },
  support: {
    title: 'Cymorth',
    updateTitle: 'Mae diweddariad ar gael',
    updateBody:
      'Mae fersiwn newydd o Client Portal wedi’i rhyddhau. Gosodwch y diweddariad i ddechrau ei defnyddio.',
    applyUpdate: 'Gosod y diweddariad',
    sessionHeading: 'Sesiwn',
    sessionBody:
      'Os nad yw newid i’ch mynediad wedi eich cyrraedd eto, adnewyddwch eich sesiwn i’w gael heb allgofnodi.',
    refreshSession: 'Adnewyddu’r sesiwn',
    refreshDone: 'Mae eich sesiwn wedi’i hadnewyddu.',
    refreshFailed: 'Nid oedd modd adnewyddu eich sesiwn. Mewngofnodwch eto.',
    cacheHeading: 'Storfa dros dro',
    cacheBody:
      'Mae clirio’r storfa dros dro yn dileu popeth y mae Client Portal yn ei gadw yn y porwr hwn, yn eich allgofnodi ac yn ail-lwytho’r dudalen.',
    clearCache: 'Clirio’r storfa dros dro',
    instanceHeading: 'Manylion y system',
    apiVersion: 'Fersiwn yr API',
    frontendVersion: 'Fersiwn y rhyngwyneb',
    buildId: 'Adeiladwaith',
    unknownBuild: 'Adeiladwaith datblygu',
  },
};
