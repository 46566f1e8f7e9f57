import { Table, type TableProps } from '@mantine/core';
import type { HTMLAttributes, ReactNode } from 'react';
import { usePhone } from '../../lib/use-phone';
import { type PhoneCard, PhoneCards } from './phone-cards';

export interface RowTableRow {
  key: string;
  cells: ReactNode[];
  attributes?: PhoneCard['attributes'];
}

export interface RowTableProps {
  /** Names the table (its caption) and, on a phone, the list of cards. */
  label: string;
  /** Show the label as a visible caption above the wide table. */
  caption?: boolean;
  headers: string[];
  rows: RowTableRow[];
  /** The first cell names its row (a `th scope="row"`). */
  rowHeader?: boolean;
  /** Below this width the wide table scrolls sideways inside its box. */
  minWidth?: number;
  tableProps?: TableProps & HTMLAttributes<HTMLTableElement> & Record<`data-${string}`, string>;
}

/**
 * A small table built from plain rows (no paging or sorting: those need `DataTable`), which turns
 * into cards on a phone, the way `DataTable` does.
 */
export function RowTable({ label, caption, headers, rows, rowHeader, minWidth, tableProps }: RowTableProps) {
  const phone = usePhone();
  if (phone) {
    const cards = rows.map((row) => ({
      key: row.key,
      attributes: row.attributes,
      fields: row.cells.map((value, index) => ({ label: headers[index] ?? '', value })),
    }));
    return <PhoneCards label={label} cards={cards} />;
  }
  const table = (
    <Table aria-label={caption ? undefined : label} {...tableProps}>
      {caption && <Table.Caption>{label}</Table.Caption>}
      <Table.Thead>
        <Table.Tr>
          {headers.map((header) => (
            <Table.Th key={header} scope="col">
              {header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key} {...row.attributes}>
            {row.cells.map((cell, index) =>
              index === 0 && rowHeader ? (
                <Table.Th key={index} scope="row" fw={500}>
                  {cell}
                </Table.Th>
              ) : (
                <Table.Td key={index}>{cell}</Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return minWidth ? <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer> : table;
}
