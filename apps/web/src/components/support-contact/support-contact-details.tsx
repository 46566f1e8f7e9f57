import { Anchor, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { telHref, useSupportContact } from '../../lib/support-contact';

/** The operator's telephone, email and hours as a small table (the Support and Help pages). */
export function SupportContactDetails({ testId = 'support-contact' }: { testId?: string }) {
  const { t } = useTranslation();
  const contact = useSupportContact();
  return (
    <Table variant="vertical" withTableBorder={false} data-testid={testId}>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th w={200}>{t('supportContact.phone')}</Table.Th>
          <Table.Td>
            <Anchor href={telHref(contact.phone)}>{contact.phone}</Anchor>
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{t('supportContact.email')}</Table.Th>
          <Table.Td>
            <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>{t('supportContact.hours')}</Table.Th>
          <Table.Td>{contact.hours}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
