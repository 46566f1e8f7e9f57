import {
  type PermitEditField,
  type PermitEvent,
  type PermitHistory,
  permitEditFields,
  ukDateTime,
  ukLastDayBefore,
} from '@client-portal/contract';
import { Table, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
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
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('permitDetail.history.when')}</Table.Th>
            <Table.Th scope="col">{t('permitDetail.history.who')}</Table.Th>
            <Table.Th scope="col">{t('permitDetail.history.what')}</Table.Th>
            <Table.Th scope="col">{t('permitDetail.history.field')}</Table.Th>
            <Table.Th scope="col">{t('permitDetail.history.from')}</Table.Th>
            <Table.Th scope="col">{t('permitDetail.history.to')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.events.map((event, index) => (
            // Events never move: the answer is oldest first and only grows at the end.
            <Table.Tr key={`${event.at}-${index}`}>
              <Table.Td>{ukDateTime(event.at)}</Table.Td>
              <Table.Td>{event.by ?? t('permitDetail.unknownUser')}</Table.Td>
              <Table.Td>{t(`permitDetail.history.kinds.${event.kind}`)}</Table.Td>
              <Table.Td>{fieldLabel(t, event)}</Table.Td>
              <Table.Td>{event.kind === 'added' ? '–' : shown(t, event.field, event.from)}</Table.Td>
              <Table.Td>{event.kind === 'added' ? '–' : shown(t, event.field, event.to)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
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
