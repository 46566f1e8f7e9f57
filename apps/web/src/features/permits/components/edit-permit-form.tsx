import { needsConfirmation, type PermitEditResult, permitEndWindow, ukToday } from '@client-portal/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ruleCheckSchema, TextField, useContractForm } from '../../../components/form';
import {
  ErrorSummary,
  FormFeedback,
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
import { PermitFields } from './permit-fields';
import { usePlateConfirmation } from './registration-field';

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
  const schema = useMemo(
    () => ruleCheckSchema<EditPermitValues>((values) => editPermitErrors(values, t, context)),
    [t, context],
  );
  const form = useContractForm<EditPermitValues>(schema, initialEditValues(permit));
  const { control, handleSubmit, setError, setValue } = form;
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
          <PermitFields
            form={form}
            plateWarnings={plateWarnings}
            plate={plate}
            after={
              end ? (
                <TextField
                  form={form}
                  name="ended"
                  type="date"
                  label={t('permitAdd.endDate')}
                  required
                  min={end.min}
                  max={end.max}
                />
              ) : (
                <Text size="sm">{t('permitEdit.permanentEnd', { date: shownEnd(permit) })}</Text>
              )
            }
          />
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
