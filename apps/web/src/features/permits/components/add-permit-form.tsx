import {
  type CoveredTickets,
  DRIVER_NAME_MAX,
  EMAIL_MAX,
  isIsoDay,
  needsConfirmation,
  type Permit,
  permitDurations,
  permitEndWindow,
  permitStartWindow,
  type Site,
  TEMPORARY_PERMIT_MAX_DAYS,
  ukDisplayDay,
} from '@client-portal/contract';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  RadioField,
  ruleCheckSchema,
  SitePickerField,
  TextField,
  useContractForm,
} from '../../../components/form';
import {
  ErrorSummary,
  FormFeedback,
  useErrorSummary,
  useFormFeedback,
} from '../../../components/form-feedback';
import { isAllSites } from '../../../components/site-picker';
import { useSupportContact } from '../../../lib/support-contact';
import {
  type AddPermitContext,
  type AddPermitValues,
  addPermitErrors,
  addPermitMessage,
  serverFieldErrors,
  shownPermanentEnd,
  toPermitAddRow,
} from '../add-permit-model';
import { useAddPermits } from '../api/add-permits';
import { usePlateWarnings } from '../api/check-plates';
import { singleAddMessages } from '../permit-problems';
import { AllowanceNotice } from './allowance-notice';
import { PermitFields } from './permit-fields';
import { usePlateConfirmation } from './registration-field';

/** The plate check waits this long after the last key press. */
const PLATE_CHECK_DEBOUNCE_MS = 300;

interface Props {
  initial: AddPermitValues;
  context: AddPermitContext;
  /** The permit list with its filters (Cancel). */
  listPath: string;
  /**
   * With the site it was added at, so 'Add another' can start there, whether the driver is mailed,
   * and the open tickets the new permit covers.
   */
  onAdded(permits: Permit[], site: Site[], driverMailed: boolean, covered: CoveredTickets): void;
}

/** The single add form of operations spec sections 2 and 5. */
export function AddPermitForm({ initial, context, listPath, onAdded }: Props) {
  const { t } = useTranslation();
  const contact = useSupportContact();
  const summary = useErrorSummary();
  const addPermits = useAddPermits();
  const feedback = useFormFeedback();
  const schema = useMemo(
    () => ruleCheckSchema<AddPermitValues>((values) => addPermitErrors(values, t, context)),
    [t, context],
  );
  const form = useContractForm<AddPermitValues>(schema, initial);
  const { control, handleSubmit, setError, setValue } = form;
  const [duration, started, site, registration] = useWatch({
    control,
    name: ['duration', 'started', 'site', 'vehicleRegistration'],
  });
  const [checkedPlate] = useDebouncedValue(registration, PLATE_CHECK_DEBOUNCE_MS);
  const checkedSite = site[0] && !isAllSites(site[0]) ? site[0].siteNumber : undefined;
  const plateCheck = usePlateWarnings(checkedSite, checkedPlate);
  const plateWarnings = checkedPlate === registration ? (plateCheck.data ?? []) : [];
  // "Save anyway" holds for the plate it was ticked for; typing another plate asks again.
  const plate = usePlateConfirmation(registration, (suggestion) =>
    setValue('vehicleRegistration', suggestion, { shouldValidate: true }),
  );
  const confirmed = plate.confirmed;

  const years =
    context.permanentYears === 1
      ? t('permitAdd.oneYear')
      : t('permitAdd.years', { count: context.permanentYears });
  const durations = permitDurations.filter((d) => d !== 'Custom' || context.allowCustom);
  const start = permitStartWindow(context.today);
  const validStart = isIsoDay(started) ? started : undefined;
  const end =
    validStart && (duration === 'Temporary' || duration === 'Custom')
      ? permitEndWindow(duration, validStart, context.today, context.permanentYears)
      : undefined;
  const permanentEnd = duration === 'Permanent' ? shownPermanentEnd(started, context) : undefined;

  const submit = async (values: AddPermitValues) => {
    if (needsConfirmation(plateWarnings) && !confirmed) {
      setError('vehicleRegistration', {
        type: 'plate',
        message: t('permitAdd.plateCheck.confirmFirst', { registration: values.vehicleRegistration }),
      });
      return;
    }
    const result = await feedback.submit(async () => {
      const row = { ...toPermitAddRow(values), ...(confirmed ? { confirmedWarnings: true } : {}) };
      const answer = await addPermits.mutateAsync({ mode: 'single', rows: [row] });
      const problem = answer.ok ? undefined : answer.problem;
      if (answer.ok || !problem?.errors) return answer;
      for (const [field, message] of Object.entries(serverFieldErrors(problem.rows ?? [], t))) {
        setError(field as keyof AddPermitValues, { type: 'server', message });
      }
      // The warning box lists every message; an exceeded allowance gets the line about the representative.
      const messages = singleAddMessages(
        problem,
        (issue) => addPermitMessage(issue, t),
        t('permitAdd.allowanceExceeded', { phone: contact.phone, email: contact.email }),
      );
      return { ...answer, problem: { ...problem, errors: { messages } } };
    });
    if (result.ok)
      onAdded(result.data.permits, values.site, values.driverEmail.trim() !== '', result.data.coveredTickets);
    else if (!result.problem?.errors) console.error('Adding a permit failed', result.error);
  };

  return (
    <form ref={summary.formRef} onSubmit={handleSubmit(summary.valid(submit), summary.onInvalid)} noValidate>
      <fieldset disabled={feedback.isSubmitting} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          <ErrorSummary summary={summary} />
          <FormFeedback feedback={feedback} failedMessage={t('permitAdd.failed')} />
          <AllowanceNotice site={checkedSite} />
          <SitePickerField
            form={form}
            name="site"
            label={t('permitAdd.site')}
            allowAllSites
            required
            disabled={feedback.isSubmitting}
          />
          <RadioField form={form} name="duration" label={t('permitAdd.duration')} required>
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
          </RadioField>
          <PermitFields
            form={form}
            plateWarnings={plateWarnings}
            plate={plate}
            registrationPlaceholder={t('permitAdd.vehicleRegistrationPlaceholder')}
            dates={
              <>
                <TextField
                  form={form}
                  name="started"
                  rules={{ deps: ['ended'] }}
                  type="date"
                  label={t('permitAdd.startDate')}
                  required
                  min={start.min}
                  max={start.max}
                />
                {(duration === 'Temporary' || duration === 'Custom') && (
                  <TextField
                    form={form}
                    name="ended"
                    type="date"
                    label={t('permitAdd.endDate')}
                    required
                    min={end?.min}
                    max={end?.max}
                  />
                )}
                {permanentEnd && (
                  <Text size="sm">{t('permitAdd.permanentEnd', { date: ukDisplayDay(permanentEnd) })}</Text>
                )}
              </>
            }
            after={
              <>
                <TextField
                  form={form}
                  name="authorisedBy"
                  label={t('permitAdd.authorisedBy')}
                  required
                  autoComplete="off"
                  maxLength={DRIVER_NAME_MAX}
                />
                <TextField
                  form={form}
                  name="driverEmail"
                  label={t('permitAdd.driverEmail')}
                  description={t('permitAdd.driverEmailHelp')}
                  type="email"
                  autoComplete="off"
                  maxLength={EMAIL_MAX}
                />
              </>
            }
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
