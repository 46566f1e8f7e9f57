import type { backgroundJobs as english } from '../en/background-jobs';
import type { WelshTable } from '../welsh-table';

export const backgroundJobs: WelshTable<typeof english> = {
  title: 'Tasgau cefndir',
  intro:
    'Mae negeseuon e-bost, crynodebau, tanysgrifiadau adroddiadau a hysbysiadau wedi’u trefnu yn cael eu hanfon yn y cefndir, ac yn cael eu ceisio eto os ydynt yn methu. Mae tasg sy’n dal i fethu yn aros yma nes i chi roi cynnig arall arni.',
  queuesLabel: 'Tasgau yn ôl math',
  columns: {
    kind: 'Math',
    queued: 'Yn aros',
    retrying: 'I’w ceisio eto',
    active: 'Yn rhedeg',
    failed: 'Wedi methu',
    oldest: 'Yr hynaf yn aros ers',
    what: 'At beth',
    failedAt: 'Wedi methu am',
    attempts: 'Ymdrechion',
    error: 'Gwall diwethaf',
    action: 'Cam gweithredu',
  },
  kinds: {
    'mail.send': 'E-bost',
    'permit-digest.plan': 'Crynodeb trwyddedau: cynllunio’r diwrnod',
    'permit-digest.send': 'Crynodeb trwyddedau: un defnyddiwr',
    'report-subscriptions.due': 'Tanysgrifiadau adroddiadau',
    'notifications.publish-due': 'Hysbysiadau wedi’u trefnu',
  },
  none: 'Dim',
  failedHeading: 'Tasgau sydd wedi methu',
  failedCount_zero: 'Mae {{count}} tasg wedi methu ac yn aros i chi roi cynnig arall arnynt.',
  failedCount_one: 'Mae {{count}} dasg wedi methu ac yn aros i chi roi cynnig arall arni.',
  failedCount_two: 'Mae {{count}} dasg wedi methu ac yn aros i chi roi cynnig arall arnynt.',
  failedCount_few: 'Mae {{count}} tasg wedi methu ac yn aros i chi roi cynnig arall arnynt.',
  failedCount_many: 'Mae {{count}} thasg wedi methu ac yn aros i chi roi cynnig arall arnynt.',
  failedCount_other: 'Mae {{count}} tasg wedi methu ac yn aros i chi roi cynnig arall arnynt.',
  failedShown: 'Dangosir y {{shown}} diweddaraf.',
  noFailures: 'Nid oes unrhyw dasg wedi methu.',
  retry: 'Ceisio eto',
  retryLabel: 'Ceisio’r dasg a fethodd eto: {{what}}',
  retried: 'Mae’r dasg wedi’i rhoi yn ôl yn ei chiw.',
  retryFailed: 'Nid oedd modd ceisio’r dasg eto. Efallai ei bod eisoes wedi’i cheisio eto.',
  dataName: 'tasgau cefndir',
};
