import { permitReasons } from '@client-portal/contract';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  name: string;
  /** The reason code as text; '' for none. */
  value: string;
  onChange(reason: string): void;
  error: string | undefined;
}

/** The reason of a permit form: one of the contract's reasons in the user's words, or none (''). */
export function ReasonField({ name, value, onChange, error }: Props) {
  const { t } = useTranslation();
  const reasons = Object.keys(permitReasons).map((code) => ({
    value: code,
    label: t(`permitAdd.reasons.${code as `${keyof typeof permitReasons}`}`),
  }));
  return (
    <Select
      name={name}
      label={t('permitAdd.reason')}
      placeholder={t('permitAdd.reasonPlaceholder')}
      data={reasons}
      clearable
      value={value || null}
      onChange={(reason) => onChange(reason ?? '')}
      error={error}
      comboboxProps={{ withinPortal: false }}
    />
  );
}
