import {
  ukLongDateTime,
  type VisitorApproval,
  type VisitorLink,
  visitorApprovalListQuerySchema,
  visitorLinkListQuerySchema,
} from '@client-portal/contract';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn, listPaging } from '../../components/data-table';
import { confirmDone, reportFailed } from '../../components/form-feedback';
import { currentLanguage } from '../../i18n';
import { useListState } from '../../lib/use-list-state';
import { usePageTitle } from '../../lib/use-page-title';
import { useDecideVisitor, useVisitorApprovals } from './api/visitor-approvals';
import { useVisitorLinks } from './api/visitor-links';
import { lastingText } from './lasting-text';

const LINKS_SORT = { id: 'name', desc: false };
const APPROVALS_SORT = { id: 'askedAt', desc: false };

/**
 * /visitor-links: the caller's visitor links and the visitors waiting for a host, each paged by the
 * server with its page in the address (decision 28; the queue's fields are `approvals.`-prefixed).
 */
export function VisitorLinksPage() {
  const { t } = useTranslation();
  usePageTitle(t('visitors.title'));
  const [query, setQuery] = useListState(visitorLinkListQuerySchema);
  const paging = listPaging(query, setQuery, LINKS_SORT);
  const links = useVisitorLinks(paging.request);

  const columns = useMemo(
    (): DataTableColumn<VisitorLink>[] => [
      // The server's one order: by name, A to Z unless sorted the other way.
      { id: 'name', header: t('visitors.columns.name'), accessor: (l) => l.name },
      {
        id: 'site',
        header: t('visitors.columns.site'),
        accessor: (l) => `${l.site} ${l.siteName}`,
        sortable: false,
      },
      {
        id: 'duration',
        header: t('visitors.columns.duration'),
        accessor: (l) => lastingText(t, l.durationKind, l.durationAmount),
        sortable: false,
      },
      {
        id: 'today',
        header: t('visitors.columns.today'),
        accessor: (l) => t('visitors.usedOfCap', { used: l.usedToday, cap: l.dailyCap }),
        sortable: false,
      },
      {
        id: 'state',
        header: t('visitors.columns.state'),
        accessor: (l) => t(`visitors.states.${l.state}`),
        cell: (l) => (
          <Badge color={l.state === 'on' ? 'green' : 'gray'} variant="light">
            {t(`visitors.states.${l.state}`)}
          </Badge>
        ),
        sortable: false,
      },
      {
        id: 'actions',
        header: t('visitors.columns.actions'),
        exportable: false,
        cell: (l) => (
          <Group gap="sm" wrap="nowrap">
            <Anchor component={Link} to={`${l.id}/edit`} aria-label={t('visitors.edit', { name: l.name })}>
              {t('visitors.change')}
            </Anchor>
            <Anchor
              component={Link}
              to={`${l.id}/poster`}
              aria-label={t('visitors.poster', { name: l.name })}
            >
              {t('visitors.posterPage.title')}
            </Anchor>
            <Anchor href={l.kioskUrl} target="_blank" aria-label={t('visitors.kiosk', { name: l.name })}>
              {t('visitors.kioskLink')}
            </Anchor>
          </Group>
        ),
      },
    ],
    [t],
  );

  return (
    <Stack>
      <Title order={1}>{t('visitors.title')}</Title>
      <Text>{t('visitors.intro')}</Text>
      <Group>
        <Button component={Link} to="add">
          {t('visitors.add')}
        </Button>
      </Group>
      {links.data?.total === 0 ? (
        <Text>{t('visitors.none')}</Text>
      ) : (
        <DataTable
          columns={columns}
          data={links.data?.rows ?? []}
          loadState={links.isError ? 'failed' : links.data ? 'loaded' : 'loading'}
          dataName={t('visitors.dataName')}
          onRetry={() => void links.refetch()}
          paging={paging.table(links.data)}
          getRowId={(l) => String(l.id)}
        />
      )}
      <Approvals />
    </Stack>
  );
}

/** The host approval queue: approve stores the permit; refuse tells the visitor by e-mail. */
function Approvals() {
  const { t } = useTranslation();
  const [query, setQuery] = useListState(visitorApprovalListQuerySchema, { prefix: 'approvals.' });
  const paging = listPaging(query, setQuery, APPROVALS_SORT);
  const approvals = useVisitorApprovals(paging.request);
  const decide = useDecideVisitor();

  const columns = useMemo((): DataTableColumn<VisitorApproval>[] => {
    const act = async (a: VisitorApproval, decision: 'approve' | 'refuse') => {
      const plate = a.vehicleRegistration;
      const result = await decide.mutateAsync({ id: a.id, decision });
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
    return [
      {
        id: 'plate',
        header: t('visitors.approvals.columns.plate'),
        accessor: (a) => a.vehicleRegistration,
        sortable: false,
      },
      {
        id: 'name',
        header: t('visitors.approvals.columns.name'),
        accessor: (a) => a.visitorName ?? '',
        sortable: false,
      },
      {
        id: 'link',
        header: t('visitors.approvals.columns.link'),
        accessor: (a) => `${a.linkName} (${a.site})`,
        sortable: false,
      },
      // The server's one order: oldest first unless sorted the other way.
      {
        id: 'askedAt',
        header: t('visitors.approvals.columns.asked'),
        accessor: (a) => ukLongDateTime(a.askedAt, currentLanguage()),
      },
      {
        id: 'actions',
        header: t('visitors.approvals.columns.actions'),
        exportable: false,
        cell: (a) => (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              onClick={() => void act(a, 'approve')}
              aria-label={t('visitors.approvals.approve', { plate: a.vehicleRegistration })}
            >
              {t('visitors.approvals.approveButton')}
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => void act(a, 'refuse')}
              aria-label={t('visitors.approvals.refuse', { plate: a.vehicleRegistration })}
            >
              {t('visitors.approvals.refuseButton')}
            </Button>
          </Group>
        ),
      },
    ];
  }, [t, decide]);

  return (
    <Stack mt="lg">
      <Title order={2}>{t('visitors.approvals.title')}</Title>
      {approvals.data?.total === 0 ? (
        <Text>{t('visitors.approvals.none')}</Text>
      ) : (
        <DataTable
          columns={columns}
          data={approvals.data?.rows ?? []}
          loadState={approvals.isError ? 'failed' : approvals.data ? 'loaded' : 'loading'}
          dataName={t('visitors.approvals.dataName')}
          onRetry={() => void approvals.refetch()}
          paging={paging.table(approvals.data)}
          getRowId={(a) => a.id}
        />
      )}
    </Stack>
  );
}
