import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ruleCheckSchema, SelectField, TextField, useContractForm } from '../../../components/form';
import type { BulkColumn } from '../bulk-csv';
import { type BulkRow, type BulkRowContext, checkBulkRecord } from '../bulk-rows';

/** The dialog's fields: one per CSV column, as text the way the file would hold it. */
interface BulkRowValues {
  site: string;
  vehicleRegistration: string;
  driverName: string;
  temporary: string | null;
  started: string;
  ended: string;
}

const columnOf: Record<keyof BulkRowValues, BulkColumn> = {
  site: 'Site',
  vehicleRegistration: 'Vehicle Registration',
  driverName: 'Driver Name',
  temporary: 'Temporary',
  started: 'Start Date',
  ended: 'End Date',
};
const fields = Object.keys(columnOf) as (keyof BulkRowValues)[];

/** The dialog's values as the cells of a CSV row. */
export function cellsOfValues(values: BulkRowValues): Record<BulkColumn, string> {
  return Object.fromEntries(fields.map((f) => [columnOf[f], values[f] ?? ''])) as Record<BulkColumn, string>;
}

function valuesOfCells(cells: Record<BulkColumn, string>): BulkRowValues {
  const cell = (column: BulkColumn) => cells[column].trim();
  const temporary = cell('Temporary').toLowerCase();
  return {
    site: cell('Site'),
    vehicleRegistration: cell('Vehicle Registration'),
    driverName: cell('Driver Name'),
    temporary: temporary === 'yes' ? 'Yes' : temporary === 'no' ? 'No' : null,
    started: cell('Start Date'),
    ended: cell('End Date'),
  };
}

/**
 * Correcting one row of the bulk preview where it stands (issue 24): the row's cells as fields, checked
 * by the same rule as the file's rows (checkBulkRecord, on the contract's row rules), each message on
 * its field. Saving hands the cells back; the page checks the row again (and its plate).
 */
export function BulkRowEditDialog({
  row,
  context,
  onSave,
  onClose,
}: {
  row: BulkRow;
  context: BulkRowContext;
  onSave(cells: Record<BulkColumn, string>): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const line = String(row.line);
  const schema = useMemo(
    () =>
      ruleCheckSchema<BulkRowValues>((values) => {
        const checked = checkBulkRecord({ line: row.line, cells: cellsOfValues(values) }, context, t);
        return Object.fromEntries(fields.map((f) => [f, checked.fieldMessages[columnOf[f]]]));
      }),
    [row.line, context, t],
  );
  const form = useContractForm<BulkRowValues>(schema, valuesOfCells(row.cells), {
    // A small dialog: the first field with a message takes focus, no summary needed.
    shouldFocusError: true,
  });
  const submit = form.handleSubmit((values) => onSave(cellsOfValues(values)));
  // A refused row opens with its messages on their fields, as the preview shows them.
  const refused = row.messages.length > 0;
  useEffect(() => {
    if (refused) void form.trigger();
  }, [refused, form]);

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('permitBulk.edit.title', { line })}
      returnFocus={false}
      closeButtonProps={{ 'aria-label': t('permitBulk.edit.cancel') }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          <Text size="sm">{t('permitBulk.edit.intro')}</Text>
          <TextField
            form={form}
            name="site"
            label={t('permitBulk.columns.site')}
            instantMessage
            data-autofocus
          />
          <TextField
            form={form}
            name="vehicleRegistration"
            label={t('permitBulk.columns.vehicleRegistration')}
            instantMessage
          />
          <TextField
            form={form}
            name="driverName"
            label={t('permitBulk.columns.driverName')}
            instantMessage
          />
          <SelectField
            form={form}
            name="temporary"
            label={t('permitBulk.edit.temporary')}
            placeholder={t('permitBulk.edit.temporaryPlaceholder')}
            data={[
              { value: 'Yes', label: t('permitBulk.edit.yes') },
              { value: 'No', label: t('permitBulk.edit.no') },
            ]}
            instantMessage
          />
          <TextField
            form={form}
            name="started"
            label={t('permitBulk.columns.started')}
            description={t('permitBulk.edit.dateHint')}
            instantMessage
          />
          <TextField
            form={form}
            name="ended"
            label={t('permitBulk.columns.ended')}
            description={t('permitBulk.edit.endHint')}
            instantMessage
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('permitBulk.edit.cancel')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('permitBulk.edit.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
