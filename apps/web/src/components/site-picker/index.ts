export { filterSiteInput, searchTerms, shouldSearch } from './site-input';
export { ALL_SITES, isAllSites, SitePicker, type SitePickerProps } from './site-picker';
