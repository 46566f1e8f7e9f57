import { isIsoDay, needsConfirmation, ukDisplayDay } from '@client-portal/contract';
import { Button, Checkbox, List, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import type { BulkPlateWarnings } from '../bulk-plate-checks';
import type { BulkRow } from '../bulk-rows';
import { plateWarningText, suggestionOf } from './plate-warnings';

const shownDay = (day: string) => (isIsoDay(day) ? ukDisplayDay(day) : day);

/** Valid, the row's reasons joined, or Invalid (refused without a reason). */
export function bulkRowStatus(row: BulkRow, t: TFunction): string {
  if (row.messages.length > 0) return row.messages.join('; ');
  return row.payload ? t('permitBulk.status.valid') : t('permitBulk.status.invalid');
}

/** What the preview does about similar plates: each row's warnings and the user's answers. */
interface BulkPlateDecisions {
  warnings: BulkPlateWarnings;
  kept: ReadonlySet<number>;
  onUse(line: number, suggestion: string): void;
  onKeep(line: number, kept: boolean): void;
}

/** A row's plate warnings, with "Use ..." and "Keep as typed" when a similar plate was found. */
function PlateCheckCell({ row, plates }: { row: BulkRow; plates: BulkPlateDecisions }) {
  const { t } = useTranslation();
  const warnings = plates.warnings.get(row.line) ?? [];
  const suggestion = suggestionOf(warnings);
  if (warnings.length === 0) return null;
  return (
    <Stack gap={4}>
      {warnings.map((w) => (
        <Text key={w.code} size="sm">
          {plateWarningText(w, t)}
        </Text>
      ))}
      {suggestion && needsConfirmation(warnings) && (
        <>
          <Button size="compact-xs" variant="light" onClick={() => plates.onUse(row.line, suggestion)}>
            {t('permitBulk.plateCheck.use', { suggestion, line: String(row.line) })}
          </Button>
          <Checkbox
            size="xs"
            label={t('permitBulk.plateCheck.keep', {
              registration: row.vehicleRegistration,
              line: String(row.line),
            })}
            checked={plates.kept.has(row.line)}
            onChange={(event) => plates.onKeep(row.line, event.currentTarget.checked)}
          />
        </>
      )}
    </Stack>
  );
}

/**
 * The 'Found permits' preview: each CSV row as read, with its status and its plate check; the rows that
 * need attention (refused, or with a plate warning) highlighted, each row with its Edit button.
 */
export function BulkPreviewTable({
  rows,
  plates,
  onEdit,
}: {
  rows: readonly BulkRow[];
  plates?: BulkPlateDecisions;
  /** Opens the row's edit dialog; the button carries `data-edit-line` so focus can come back to it. */
  onEdit?(line: number): void;
}) {
  const { t } = useTranslation();
  const columns = useMemo(
    (): DataTableColumn<BulkRow>[] => [
      { id: 'line', header: t('permitBulk.columns.line'), accessor: (r) => r.line },
      { id: 'site', header: t('permitBulk.columns.site'), accessor: (r) => r.site },
      {
        id: 'vehicleRegistration',
        header: t('permitBulk.columns.vehicleRegistration'),
        accessor: (r) => r.vehicleRegistration,
      },
      { id: 'driverName', header: t('permitBulk.columns.driverName'), accessor: (r) => r.driverName },
      {
        id: 'type',
        header: t('permitBulk.columns.type'),
        accessor: (r) =>
          r.temporary === undefined
            ? ''
            : r.temporary
              ? t('permitBulk.types.temporary')
              : t('permitBulk.types.permanent'),
      },
      {
        id: 'started',
        header: t('permitBulk.columns.started'),
        accessor: (r) => r.started,
        cell: (r) => shownDay(r.started),
      },
      {
        id: 'ended',
        header: t('permitBulk.columns.ended'),
        accessor: (r) => r.ended,
        cell: (r) => shownDay(r.ended),
      },
      {
        id: 'status',
        header: t('permitBulk.columns.status'),
        accessor: (r) => bulkRowStatus(r, t),
        // Several reasons read better one to a line; the sort and the export use the joined text.
        cell: (r) =>
          r.messages.length > 1 ? (
            <List size="sm" c="red" fw={600} spacing={2}>
              {r.messages.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          ) : (
            // A valid row with a plate warning is highlighted: green on its tint falls short of AA contrast.
            <Text
              size="sm"
              c={r.payload ? (plates?.warnings.get(r.line)?.length ? undefined : 'green') : 'red'}
              fw={r.payload ? undefined : 600}
            >
              {bulkRowStatus(r, t)}
            </Text>
          ),
      },
      ...(plates && plates.warnings.size > 0
        ? [
            {
              id: 'plateCheck',
              header: t('permitBulk.columns.plateCheck'),
              accessor: (r: BulkRow) =>
                (plates.warnings.get(r.line) ?? []).map((w) => plateWarningText(w, t)).join('; '),
              cell: (r: BulkRow) => <PlateCheckCell row={r} plates={plates} />,
            },
          ]
        : []),
      ...(onEdit
        ? [
            {
              id: 'edit',
              header: t('permitBulk.columns.edit'),
              cell: (r: BulkRow) => (
                <Button
                  size="compact-sm"
                  variant="light"
                  data-edit-line={r.line}
                  onClick={() => onEdit(r.line)}
                >
                  {t('permitBulk.edit.button', { line: String(r.line) })}
                </Button>
              ),
            },
          ]
        : []),
    ],
    [t, plates, onEdit],
  );
  return (
    <DataTable
      columns={columns}
      data={rows}
      loadState="loaded"
      dataName={t('permitBulk.dataName')}
      defaultSort={{ id: 'line', desc: false }}
      getRowId={(r) => String(r.line)}
      highlightRow={(r) => !r.payload || (plates?.warnings.get(r.line)?.length ?? 0) > 0}
    />
  );
}
