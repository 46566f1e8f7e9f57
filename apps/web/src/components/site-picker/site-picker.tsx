import { SITE_PICKER_HIDE_DELAY_MS, type Site } from '@client-portal/contract';
import { Combobox, Pill, PillsInput, useCombobox } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../lib/user-info';
import { readRecentSites, rememberSite } from './recent-sites';
import { filterSiteInput, isGroup, siteLabel } from './site-input';
import { useSiteSearch } from './use-site-search';

/** The value standing for every site; only offered to all-sites users when `allowAllSites` is set. */
export const ALL_SITES: Site = Object.freeze({ siteNumber: '*', name: '' });

export const isAllSites = (site: Site) => site.siteNumber === ALL_SITES.siteNumber;

export interface SitePickerProps {
  value: readonly Site[];
  onChange(value: Site[]): void;
  multiple?: boolean;
  /** Sites only: digits-only input, site groups left out of the options. */
  siteOnly?: boolean;
  allowAllSites?: boolean;
  required?: boolean;
  label?: string;
  /** A message from the surrounding form; shown instead of the picker's own required message. */
  error?: string;
  disabled?: boolean;
  onBlur?(): void;
  /** The form field's name: the error summary finds the picker's input by it. */
  name?: string;
}

interface OptionGroup {
  key: string;
  label?: string;
  sites: Site[];
}

export function SitePicker(props: SitePickerProps) {
  const { value, onChange, multiple = false, siteOnly = false } = props;
  const { t } = useTranslation();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [input, setInput] = useState('');
  const [touched, setTouched] = useState(false);
  const search = useSiteSearch(input);
  const userInfo = useUserInfo().data;
  const id = useId();
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const selected = new Set(value.map((site) => site.siteNumber));
  const allowed = (site: Site) => !selected.has(site.siteNumber) && !(siteOnly && isGroup(site));
  const displayName = (site: Site) => (isAllSites(site) ? t('sitePicker.allSites') : siteLabel(site));

  const groups: OptionGroup[] = [];
  if (input.trim() === '') {
    if (props.allowAllSites && userInfo?.accessAllSites && !selected.has(ALL_SITES.siteNumber)) {
      groups.push({ key: 'all', sites: [ALL_SITES] });
    }
    const recent = readRecentSites().filter(allowed);
    const recentNumbers = new Set(recent.map((s) => s.siteNumber));
    groups.push({ key: 'recent', label: t('sitePicker.recent'), sites: recent });
    groups.push({
      key: 'own',
      label: t('sitePicker.yourSites'),
      sites: (userInfo?.sites ?? []).filter((s) => allowed(s) && !recentNumbers.has(s.siteNumber)),
    });
  } else if (search.status === 'done') {
    groups.push({ key: 'results', label: t('sitePicker.results'), sites: search.sites.filter(allowed) });
  }
  const shown = groups.filter((group) => group.sites.length > 0);
  const byNumber = new Map(shown.flatMap((group) => group.sites.map((site) => [site.siteNumber, site])));

  const statusMessage = (() => {
    if (input.trim() === '') return null;
    if (search.status === 'tooShort') return t('sitePicker.typeMore');
    if (search.status === 'searching') return t('sitePicker.searching');
    if (search.status === 'failed') return t('sitePicker.searchFailed');
    if (search.status === 'done' && shown.length === 0) return t('sitePicker.noResults');
    return null;
  })();

  const select = (siteNumber: string) => {
    const site = byNumber.get(siteNumber);
    if (!site) return;
    if (!isAllSites(site)) rememberSite(site);
    // 'All sites' replaces any single picks, and a single pick replaces 'All sites'.
    if (isAllSites(site) || !multiple) onChange([site]);
    else onChange([...value.filter((s) => !isAllSites(s)), site]);
    setInput('');
    if (!multiple) combobox.closeDropdown();
  };

  const remove = (siteNumber: string) => onChange(value.filter((s) => s.siteNumber !== siteNumber));

  const requiredMessage =
    props.required && touched && value.length === 0
      ? t(siteOnly ? 'sitePicker.requiredSite' : 'sitePicker.requiredSiteOrGroup')
      : undefined;

  return (
    <Combobox store={combobox} onOptionSubmit={select} withinPortal={false}>
      <Combobox.DropdownTarget>
        <PillsInput
          id={id}
          label={props.label ?? t(siteOnly ? 'sitePicker.label' : 'sitePicker.labelWithGroups')}
          required={props.required}
          error={props.error ?? requiredMessage}
          disabled={props.disabled}
          onClick={() => combobox.openDropdown()}
        >
          <Pill.Group>
            {value.map((site) => (
              <Pill
                key={site.siteNumber}
                withRemoveButton={!props.disabled}
                onRemove={() => remove(site.siteNumber)}
                removeButtonProps={{ 'aria-label': t('sitePicker.remove', { site: displayName(site) }) }}
              >
                {displayName(site)}
              </Pill>
            ))}
            {/* A proper ARIA combobox: role, aria-expanded, aria-controls and aria-activedescendant. */}
            <Combobox.EventsTarget withExpandedAttribute>
              <PillsInput.Field
                id={id}
                name={props.name}
                aria-autocomplete="list"
                value={input}
                placeholder={t(siteOnly ? 'sitePicker.placeholder' : 'sitePicker.placeholderWithGroups')}
                disabled={props.disabled}
                onFocus={() => {
                  clearTimeout(hideTimer.current);
                  combobox.openDropdown();
                }}
                onBlur={() => {
                  setTouched(true);
                  clearTimeout(hideTimer.current);
                  hideTimer.current = setTimeout(() => combobox.closeDropdown(), SITE_PICKER_HIDE_DELAY_MS);
                  props.onBlur?.();
                }}
                onChange={(event) => {
                  setInput(filterSiteInput(event.currentTarget.value, siteOnly));
                  combobox.openDropdown();
                  combobox.updateSelectedOptionIndex();
                }}
                onKeyDown={(event) => {
                  const last = value.at(-1);
                  if (event.key === 'Backspace' && input === '' && last) {
                    event.preventDefault();
                    remove(last.siteNumber);
                  }
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>

      <Combobox.Dropdown hidden={shown.length === 0 && !statusMessage}>
        <Combobox.Options>
          {statusMessage && <Combobox.Empty>{statusMessage}</Combobox.Empty>}
          {shown.map((group) => {
            const options = group.sites.map((site) => (
              <Combobox.Option value={site.siteNumber} key={site.siteNumber}>
                {displayName(site)}
              </Combobox.Option>
            ));
            return group.label ? (
              <Combobox.Group label={group.label} key={group.key}>
                {options}
              </Combobox.Group>
            ) : (
              options
            );
          })}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
