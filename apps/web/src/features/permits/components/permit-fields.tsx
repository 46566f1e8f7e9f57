import { DRIVER_NAME_MAX, type PlateWarning } from '@client-portal/contract';
import { Controller, type FieldPath, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField, useFieldMessage } from '../../../components/form';
import { PlateWarnings } from './plate-warnings';
import { ReasonField } from './reason-field';
import { RegistrationField, type usePlateConfirmation } from './registration-field';

/** The fields a permit's add and edit forms share. */
export interface PermitFieldValues {
  vehicleRegistration: string;
  driverName: string;
  /** A reason code as text ('' for none). */
  reason: string;
}

interface Props<T extends PermitFieldValues> {
  form: UseFormReturn<T, unknown, T>;
  /** The plate check's warnings for the typed registration, and the user's answer to them. */
  plateWarnings: readonly PlateWarning[];
  plate: ReturnType<typeof usePlateConfirmation>;
  registrationPlaceholder?: string;
  /** Between the driver name and the reason (the add's start and end days). */
  dates?: React.ReactNode;
  /** After the reason (the edit's end day; the add's authoriser and driver email). */
  after?: React.ReactNode;
}

/**
 * The permit fields of the add and edit forms, one component: registration with the plate check's
 * warnings, driver name, then the form's days, the reason, and the rest of the form.
 */
export function PermitFields<T extends PermitFieldValues>({
  form,
  plateWarnings,
  plate,
  registrationPlaceholder,
  dates,
  after,
}: Props<T>) {
  const { t } = useTranslation();
  // The shared fields' names, typed for a form that holds at least them.
  const name = (field: keyof PermitFieldValues) => field as FieldPath<T>;
  const registrationError = useFieldMessage({ form, name: name('vehicleRegistration') });
  const reasonError = useFieldMessage({ form, name: name('reason') });
  const registration = useWatch({ control: form.control, name: name('vehicleRegistration') }) as string;
  return (
    <>
      <Controller
        control={form.control}
        name={name('vehicleRegistration')}
        render={({ field }) => (
          <RegistrationField
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={registrationError}
            placeholder={registrationPlaceholder}
          />
        )}
      />
      <PlateWarnings registration={registration} warnings={plateWarnings} {...plate} />
      <TextField
        form={form}
        name={name('driverName')}
        label={t('permitAdd.driverName')}
        required
        autoComplete="off"
        maxLength={DRIVER_NAME_MAX}
      />
      {dates}
      <Controller
        control={form.control}
        name={name('reason')}
        render={({ field }) => (
          <ReasonField name={field.name} value={field.value} onChange={field.onChange} error={reasonError} />
        )}
      />
      {after}
    </>
  );
}
