import { stripRegistration, VEHICLE_REGISTRATION_MAX } from '@client-portal/contract';
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The form field's name: the error summary finds the input by it. */
  name: string;
  value: string;
  onChange(registration: string): void;
  onBlur(): void;
  error: string | undefined;
  placeholder?: string;
}

/** The vehicle registration of a permit form: spaces dropped as typed, at most the contract's length. */
export function RegistrationField({ name, value, onChange, onBlur, error, placeholder }: Props) {
  const { t } = useTranslation();
  return (
    <TextInput
      name={name}
      label={t('permitAdd.vehicleRegistration')}
      placeholder={placeholder}
      required
      autoComplete="off"
      maxLength={VEHICLE_REGISTRATION_MAX}
      value={value}
      onChange={(event) =>
        onChange(stripRegistration(event.currentTarget.value).slice(0, VEHICLE_REGISTRATION_MAX))
      }
      onBlur={onBlur}
      error={error}
    />
  );
}

/**
 * Whether the user kept the typed plate despite its warnings ("Save anyway"), for that plate only,
 * and the PlateWarnings callbacks: taking a suggestion puts it in the field and asks again.
 */
export function usePlateConfirmation(registration: string, setRegistration: (plate: string) => void) {
  const [confirmedPlate, setConfirmedPlate] = useState<string | null>(null);
  return {
    confirmed: confirmedPlate === registration,
    onUse(suggestion: string) {
      setRegistration(suggestion);
      setConfirmedPlate(null);
    },
    onConfirm(checked: boolean) {
      setConfirmedPlate(checked ? registration : null);
    },
  };
}
