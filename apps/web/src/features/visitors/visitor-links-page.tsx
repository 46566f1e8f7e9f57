import { ukLongDateTime, visitorDurationText } from '@client-portal/contract';
import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmDone, reportFailed } from '../../components/form-feedback';
import { currentLanguage } from '../../i18n';
import { usePageTitle } from '../../lib/use-page-title';
import { useDecideVisitor, useVisitorApprovals } from './api/visitor-approvals';
import { useVisitorLinks } from './api/visitor-links';

/** /visitor-links: the caller's visitor links and the visitors waiting for a host. */
export function VisitorLinksPage() {
  const { t } = useTranslation();
  usePageTitle(t('visitors.title'));
  const links = useVisitorLinks();

  return (
    <Stack>
      <Title order={1}>{t('visitors.title')}</Title>
      <Text>{t('visitors.intro')}</Text>
      <Group>
        <Button component={Link} to="add">
          {t('visitors.add')}
        </Button>
      </Group>
      {links.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : links.data && links.data.length > 0 ? (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('visitors.columns.name')}</Table.Th>
                <Table.Th>{t('visitors.columns.site')}</Table.Th>
                <Table.Th>{t('visitors.columns.duration')}</Table.Th>
                <Table.Th>{t('visitors.columns.today')}</Table.Th>
                <Table.Th>{t('visitors.columns.state')}</Table.Th>
                <Table.Th>{t('visitors.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {links.data.map((link) => (
                <Table.Tr key={link.id}>
                  <Table.Td>{link.name}</Table.Td>
                  <Table.Td>
                    {link.site} {link.siteName}
                  </Table.Td>
                  <Table.Td>{visitorDurationText(link.durationKind, link.durationAmount)}</Table.Td>
                  <Table.Td>{t('visitors.usedOfCap', { used: link.usedToday, cap: link.dailyCap })}</Table.Td>
                  <Table.Td>
                    <Badge color={link.state === 'on' ? 'green' : 'gray'} variant="light">
                      {t(`visitors.states.${link.state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Anchor
                        component={Link}
                        to={`${link.id}/edit`}
                        aria-label={t('visitors.edit', { name: link.name })}
                      >
                        {t('visitors.change')}
                      </Anchor>
                      <Anchor
                        component={Link}
                        to={`${link.id}/poster`}
                        aria-label={t('visitors.poster', { name: link.name })}
                      >
                        {t('visitors.posterPage.title')}
                      </Anchor>
                      <Anchor
                        href={link.kioskUrl}
                        target="_blank"
                        aria-label={t('visitors.kiosk', { name: link.name })}
                      >
                        {t('visitors.kioskLink')}
                      </Anchor>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text>{t('visitors.none')}</Text>
      )}
      <Approvals />
    </Stack>
  );
}

/** The host approval queue: approve stores the permit; refuse tells the visitor by e-mail. */
function Approvals() {
  const { t } = useTranslation();
  const approvals = useVisitorApprovals();
  const decide = useDecideVisitor();

  const act = async (id: string, plate: string, decision: 'approve' | 'refuse') => {
    const result = await decide.mutateAsync({ id, decision });
    if (!result.ok) {
      reportFailed(t('visitors.approvals.failed', { detail: result.problem?.detail ?? '' }));
      return;
    }
    confirmDone(
      result.data.status === 'registered'
        ? t('visitors.approvals.approved', { plate, reference: result.data.reference ?? '' })
        : t('visitors.approvals.refused', { plate }),
    );
  };

  return (
    <Stack mt="lg">
      <Title order={2}>{t('visitors.approvals.title')}</Title>
      {approvals.data && approvals.data.length > 0 ? (
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('visitors.approvals.columns.plate')}</Table.Th>
                <Table.Th>{t('visitors.approvals.columns.name')}</Table.Th>
                <Table.Th>{t('visitors.approvals.columns.link')}</Table.Th>
                <Table.Th>{t('visitors.approvals.columns.asked')}</Table.Th>
                <Table.Th>{t('visitors.approvals.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {approvals.data.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{a.vehicleRegistration}</Table.Td>
                  <Table.Td>{a.visitorName ?? ''}</Table.Td>
                  <Table.Td>
                    {a.linkName} ({a.site})
                  </Table.Td>
                  <Table.Td>{ukLongDateTime(a.askedAt, currentLanguage())}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        onClick={() => void act(a.id, a.vehicleRegistration, 'approve')}
                        aria-label={t('visitors.approvals.approve', { plate: a.vehicleRegistration })}
                      >
                        {t('visitors.approvals.approveButton')}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => void act(a.id, a.vehicleRegistration, 'refuse')}
                        aria-label={t('visitors.approvals.refuse', { plate: a.vehicleRegistration })}
                      >
                        {t('visitors.approvals.refuseButton')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : approvals.isError ? (
        <Alert color="red">{t('visitors.visit.failed')}</Alert>
      ) : (
        <Text>{t('visitors.approvals.none')}</Text>
      )}
    </Stack>
  );
}
