import {
  type PermitEditField,
  type PermitEvent,
  type PermitHistory,
  permitEditFields,
  ukDateTime,
  ukLastDayBefore,
} from '@client-portal/contract';
import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { RowTable } from '../../../components/row-table';
import { reasonLabel } from './reason-label';

const isHistoryField = (field: string | null): field is PermitEditField =>
  (permitEditFields as readonly (string | null)[]).includes(field);

/** A stored value as the permit pages show it: an end as its last day, a reason by name. */
function shown(t: TFunction, field: string | null, value: string | null): string {
  if (value === null) return '–';
  if (field === 'ended') return ukLastDayBefore(value);
  if (field === 'reason') return reasonLabel(t, value);
  return value;
}

function fieldLabel(t: TFunction, event: PermitEvent): string {
  return isHistoryField(event.field) ? t(`permitDetail.history.fields.${event.field}`) : '–';
}

/** A permit's history, oldest first: when, who, what happened, to which field, from and to. */
export function PermitHistoryTable({ history }: { history: PermitHistory }) {
  const { t } = useTranslation();
  if (history.events.length === 0) return <Text size="sm">{t('permitDetail.history.none')}</Text>;
  return (
    <>
      <RowTable
        label={t('permitDetail.history.heading')}
        tableProps={{ withTableBorder: true }}
        headers={[
          t('permitDetail.history.when'),
          t('permitDetail.history.who'),
          t('permitDetail.history.what'),
          t('permitDetail.history.field'),
          t('permitDetail.history.from'),
          t('permitDetail.history.to'),
        ]}
        rows={history.events.map((event, index) => ({
          // Events never move: the answer is oldest first and only grows at the end.
          key: `${event.at}-${index}`,
          cells: [
            ukDateTime(event.at),
            event.apiKey
              ? t('permitDetail.byApiKey', {
                  by: event.by ?? t('permitDetail.unknownUser'),
                  key: event.apiKey,
                })
              : (event.by ?? t('permitDetail.unknownUser')),
            t(`permitDetail.history.kinds.${event.kind}`),
            fieldLabel(t, event),
            event.kind === 'added' ? '–' : shown(t, event.field, event.from),
            event.kind === 'added' ? '–' : shown(t, event.field, event.to),
          ],
        }))}
      />
      {history.total > history.events.length && (
        <Text size="sm">
          {t('permitDetail.history.more', {
            shown: String(history.events.length),
            total: String(history.total),
          })}
        </Text>
      )}
    </>
  );
}
