import {
  DRIVER_NAME_MAX,
  type Permit,
  permitDurations,
  permitEndWindow,
  permitReasons,
  permitStartWindow,
  type Site,
  stripRegistration,
  TEMPORARY_PERMIT_MAX_DAYS,
  ukDisplayDay,
  VEHICLE_REGISTRATION_MAX,
} from '@client-portal/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RadioGroupField } from '../../../components/choice-group';
import {
  ErrorSummary,
  FormFeedback,
  summaryFormOptions,
  useDelayedMessage,
  useErrorSummary,
  useFormFeedback,
} from '../../../components/form-feedback';
import { SitePicker } from '../../../components/site-picker';
import { useApiClient } from '../../../lib/api-context';
import {
  type AddPermitContext,
  type AddPermitValues,
  addPermitSchema,
  serverFieldErrors,
  shownPermanentEnd,
  toPermitAddRow,
} from '../add-permit-model';
import { addPermits } from '../api/add-permits';
import { singleAddMessages } from '../permit-problems';

interface Props {
  initial: AddPermitValues;
  context: AddPermitContext;
  /** The permit list with its filters (Cancel). */
  listPath: string;
  /** With the site it was added at, so 'Add another' can start there. */
  onAdded(permits: Permit[], site: Site[]): void;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The single add form of operations spec sections 2 and 5. */
export function AddPermitForm({ initial, context, listPath, onAdded }: Props) {
  const { t } = useTranslation();
  const summary = useErrorSummary();
  const api = useApiClient();
  const feedback = useFormFeedback();
  const schema = useMemo(() => addPermitSchema(t, context), [t, context]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AddPermitValues>({
    ...summaryFormOptions,
    resolver: zodResolver(schema),
    defaultValues: initial,
  });
  const [duration, started] = useWatch({ control, name: ['duration', 'started'] });

  const shown = {
    site: useDelayedMessage(errors.site?.message),
    duration: useDelayedMessage(errors.duration?.message),
    vehicleRegistration: useDelayedMessage(errors.vehicleRegistration?.message),
    driverName: useDelayedMessage(errors.driverName?.message),
    started: useDelayedMessage(errors.started?.message),
    ended: useDelayedMessage(errors.ended?.message),
    reason: useDelayedMessage(errors.reason?.message),
    authorisedBy: useDelayedMessage(errors.authorisedBy?.message),
  };

  const years =
    context.permanentYears === 1
      ? t('permitAdd.oneYear')
      : t('permitAdd.years', { count: context.permanentYears });
  const durations = permitDurations.filter((d) => d !== 'Custom' || context.allowCustom);
  const start = permitStartWindow(context.today);
  const validStart = ISO_DAY.test(started) ? started : undefined;
  const end =
    validStart && (duration === 'Temporary' || duration === 'Custom')
      ? permitEndWindow(duration, validStart, context.today, context.permanentYears)
      : undefined;
  const permanentEnd = duration === 'Permanent' ? shownPermanentEnd(started, context) : undefined;
  const reasons = Object.keys(permitReasons).map((code) => ({
    value: code,
    label: t(`permitAdd.reasons.${code as `${keyof typeof permitReasons}`}`),
  }));

  const submit = async (values: AddPermitValues) => {
    const result = await feedback.submit(async () => {
      const answer = await addPermits(api, [toPermitAddRow(values)]);
      const problem = answer.ok ? undefined : answer.problem;
      const fieldErrors = problem?.errors;
      if (answer.ok || !problem || !fieldErrors) return answer;
      for (const [field, message] of Object.entries(serverFieldErrors(fieldErrors))) {
        setError(field as keyof AddPermitValues, { type: 'server', message });
      }
      // The warning box lists every message; an exceeded allowance gets the line about the representative.
      const messages = singleAddMessages(fieldErrors, t('permitAdd.allowanceExceeded'));
      return { ...answer, problem: { ...problem, errors: { messages } } };
    });
    if (result.ok) onAdded(result.data.permits, values.site);
    else if (!result.problem?.errors) console.error('Adding a permit failed', result.error);
  };

  return (
    <form ref={summary.formRef} onSubmit={handleSubmit(summary.valid(submit), summary.onInvalid)} noValidate>
      <fieldset disabled={feedback.isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          <ErrorSummary summary={summary} />
          <FormFeedback feedback={feedback} failedMessage={t('permitAdd.failed')} />
          <Controller
            control={control}
            name="site"
            render={({ field }) => (
              <SitePicker
                name={field.name}
                label={t('permitAdd.site')}
                allowAllSites
                required
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={shown.site}
                disabled={feedback.isSubmitting}
              />
            )}
          />
          <Controller
            control={control}
            name="duration"
            render={({ field }) => (
              <RadioGroupField
                field={field.name}
                label={t('permitAdd.duration')}
                required
                value={field.value}
                onChange={field.onChange}
                error={shown.duration}
              >
                <Stack gap="xs" mt="xs">
                  {durations.map((d) => (
                    <Radio
                      key={d}
                      value={d}
                      label={t(`permitAdd.durations.${d}`)}
                      description={t(`permitAdd.durationHints.${d}`, {
                        years,
                        days: String(TEMPORARY_PERMIT_MAX_DAYS),
                      })}
                    />
                  ))}
                </Stack>
              </RadioGroupField>
            )}
          />
          <Controller
            control={control}
            name="vehicleRegistration"
            render={({ field }) => (
              <TextInput
                label={t('permitAdd.vehicleRegistration')}
                placeholder={t('permitAdd.vehicleRegistrationPlaceholder')}
                required
                autoComplete="off"
                maxLength={VEHICLE_REGISTRATION_MAX}
                value={field.value}
                onChange={(event) =>
                  field.onChange(
                    stripRegistration(event.currentTarget.value).slice(0, VEHICLE_REGISTRATION_MAX),
                  )
                }
                onBlur={field.onBlur}
                error={shown.vehicleRegistration}
              />
            )}
          />
          <TextInput
            label={t('permitAdd.driverName')}
            required
            autoComplete="off"
            maxLength={DRIVER_NAME_MAX}
            error={shown.driverName}
            {...register('driverName')}
          />
          <TextInput
            type="date"
            label={t('permitAdd.startDate')}
            required
            min={start.min}
            max={start.max}
            error={shown.started}
            {...register('started', { deps: ['ended'] })}
          />
          {(duration === 'Temporary' || duration === 'Custom') && (
            <TextInput
              type="date"
              label={t('permitAdd.endDate')}
              required
              min={end?.min}
              max={end?.max}
              error={shown.ended}
              {...register('ended')}
            />
          )}
          {permanentEnd && (
            <Text size="sm">{t('permitAdd.permanentEnd', { date: ukDisplayDay(permanentEnd) })}</Text>
          )}
          <Controller
            control={control}
            name="reason"
            render={({ field }) => (
              <Select
                name={field.name}
                label={t('permitAdd.reason')}
                placeholder={t('permitAdd.reasonPlaceholder')}
                data={reasons}
                clearable
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                error={shown.reason}
                comboboxProps={{ withinPortal: false }}
              />
            )}
          />
          <TextInput
            label={t('permitAdd.authorisedBy')}
            required
            autoComplete="off"
            maxLength={DRIVER_NAME_MAX}
            error={shown.authorisedBy}
            {...register('authorisedBy')}
          />
          <Group>
            <Button component={Link} to={listPath} variant="default">
              {t('permitAdd.cancel')}
            </Button>
            <Button type="submit" loading={feedback.isSubmitting}>
              {t('permitAdd.submit')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  );
}
