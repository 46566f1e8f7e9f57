import {
  DRIVER_NAME_MAX,
  needsConfirmation,
  type PermitEditResult,
  permitEndWindow,
  ukToday,
} from '@client-portal/contract';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ErrorSummary,
  FormFeedback,
  rulesResolver,
  summaryFormOptions,
  useDelayedMessage,
  useErrorSummary,
  useFormFeedback,
} from '../../../components/form-feedback';
import { useEditPlateWarnings } from '../api/check-plates';
import { useEditPermit } from '../api/edit-permit';
import {
  type EditPermitContext,
  type EditPermitValues,
  editPermitErrors,
  editPermitMessage,
  fieldMessages,
  initialEditValues,
  shownEnd,
  toPermitEditBody,
} from '../edit-permit-model';
import { PlateWarnings } from './plate-warnings';
import { ReasonField } from './reason-field';
import { RegistrationField, usePlateConfirmation } from './registration-field';

/** The plate check waits this long after the last key press (as on the add form). */
const PLATE_CHECK_DEBOUNCE_MS = 300;

interface Props {
  context: EditPermitContext;
  /** Where Cancel goes (the permit's detail page). */
  backPath: string;
  onSaved(result: PermitEditResult): void;
}

/** Corrects a permit's registration, driver name, reason and end day (Permits.Edit). */
export function EditPermitForm({ context, backPath, onSaved }: Props) {
  const { t } = useTranslation();
  const { permit } = context;
  const summary = useErrorSummary();
  const editPermit = useEditPermit();
  const feedback = useFormFeedback();
  const resolver = useMemo(
    () => rulesResolver<EditPermitValues>((values) => editPermitErrors(values, t, context)),
    [t, context],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<EditPermitValues>({
    ...summaryFormOptions,
    resolver,
    defaultValues: initialEditValues(permit),
  });
  // A new registration gets the add's plate check: a similar plate seen or permitted at the permit's place.
  const registration = useWatch({ control, name: 'vehicleRegistration' });
  const [checkedPlate] = useDebouncedValue(registration, PLATE_CHECK_DEBOUNCE_MS);
  const plateCheck = useEditPlateWarnings(
    { type: permit.type, permitId: permit.permitId },
    permit.vehicleRegistration,
    checkedPlate,
  );
  const plateWarnings =
    checkedPlate === registration && registration !== permit.vehicleRegistration
      ? (plateCheck.data ?? [])
      : [];
  // "Save anyway" holds for the plate it was ticked for; typing another plate asks again.
  const plate = usePlateConfirmation(registration, (suggestion) =>
    setValue('vehicleRegistration', suggestion, { shouldValidate: true }),
  );
  const confirmed = plate.confirmed;
  const shown = {
    vehicleRegistration: useDelayedMessage(errors.vehicleRegistration?.message),
    driverName: useDelayedMessage(errors.driverName?.message),
    reason: useDelayedMessage(errors.reason?.message),
    ended: useDelayedMessage(errors.ended?.message),
  };
  const started = ukToday(new Date(permit.started));
  const end =
    permit.duration === 'Permanent'
      ? undefined
      : permitEndWindow(permit.duration, started, context.today, context.permanentYears);

  const submit = async (values: EditPermitValues) => {
    if (needsConfirmation(plateWarnings) && !confirmed) {
      setError('vehicleRegistration', {
        type: 'plate',
        message: t('permitAdd.plateCheck.confirmFirst', { registration: values.vehicleRegistration }),
      });
      return;
    }
    const result = await feedback.submit(async () => {
      const answer = await editPermit.mutateAsync({
        key: { type: permit.type, permitId: permit.permitId },
        body: { ...toPermitEditBody(values, permit), ...(confirmed ? { confirmedWarnings: true } : {}) },
      });
      if (answer.ok) return answer;
      const problem = answer.problem;
      if (answer.status === 404 || answer.status === 409) {
        const message = answer.status === 404 ? t('permitEdit.notFound') : t('permitEdit.ended');
        return {
          ...answer,
          problem: { ...(problem ?? { title: '', status: 409 }), errors: { messages: [message] } },
        };
      }
      if (!problem?.errors) return answer;
      const rows = problem.rows ?? [];
      for (const [field, message] of Object.entries(fieldMessages(rows, t))) {
        setError(field as keyof EditPermitValues, { type: 'server', message });
      }
      return {
        ...answer,
        problem: { ...problem, errors: { messages: rows.map((r) => editPermitMessage(r, t)) } },
      };
    });
    if (result.ok) onSaved(result.data);
    else if (!result.problem?.errors) console.error('Editing a permit failed', result.error);
  };

  return (
    <form ref={summary.formRef} onSubmit={handleSubmit(summary.valid(submit), summary.onInvalid)} noValidate>
      <fieldset disabled={feedback.isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          <ErrorSummary summary={summary} />
          <FormFeedback feedback={feedback} failedMessage={t('permitEdit.failed')} />
          <Controller
            control={control}
            name="vehicleRegistration"
            render={({ field }) => (
              <RegistrationField
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={shown.vehicleRegistration}
              />
            )}
          />
          <PlateWarnings registration={registration} warnings={plateWarnings} {...plate} />
          <TextInput
            label={t('permitAdd.driverName')}
            required
            autoComplete="off"
            maxLength={DRIVER_NAME_MAX}
            error={shown.driverName}
            {...register('driverName')}
          />
          <Controller
            control={control}
            name="reason"
            render={({ field }) => (
              <ReasonField
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                error={shown.reason}
              />
            )}
          />
          {end ? (
            <TextInput
              type="date"
              label={t('permitAdd.endDate')}
              required
              min={end.min}
              max={end.max}
              error={shown.ended}
              {...register('ended')}
            />
          ) : (
            <Text size="sm">{t('permitEdit.permanentEnd', { date: shownEnd(permit) })}</Text>
          )}
          <Group>
            <Button component={Link} to={backPath} variant="default">
              {t('permitEdit.cancel')}
            </Button>
            <Button type="submit" loading={feedback.isSubmitting}>
              {t('permitEdit.submit')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
