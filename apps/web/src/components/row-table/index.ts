export { type PhoneCard, PhoneCards } from './phone-cards';
export { RowTable, type RowTableProps, type RowTableRow } from './row-table';
