import type { sitePicker as english } from '../en/site-picker';
import type { WelshTable } from '../welsh-table';

export const sitePicker: WelshTable<typeof english> = {
  label: 'Safle',
  labelWithGroups: 'Safle neu grŵp safleoedd',
  placeholder: 'Teipiwch rif safle',
  placeholderWithGroups: 'Teipiwch rif safle neu grŵp safleoedd',
  allSites: 'Pob safle',
  yourSites: 'Eich safleoedd',
  recent: 'Defnyddiwyd yn ddiweddar',
  results: 'Canlyniadau chwilio',
  searching: 'Wrthi’n chwilio…',
  noResults: 'Ni chafwyd hyd i unrhyw safleoedd.',
  searchFailed: 'Methodd y chwiliad am safleoedd. Rhowch gynnig arall arni.',
  typeMore: 'Teipiwch o leiaf 2 nod i chwilio.',
  requiredSite: 'Dewiswch safle.',
  requiredSiteOrGroup: 'Dewiswch safle neu grŵp safleoedd.',
  remove: 'Tynnu {{site}}',
};
