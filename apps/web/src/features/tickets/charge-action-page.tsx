import {
  TICKET_REASON_NOTE_MAX,
  type Ticket,
  type TicketReasonForm,
  type TicketRefusalCode,
  ticketActionReasons,
  ticketNumberSchema,
  ticketReasonFormSchema,
} from '@client-portal/contract';
import { Alert, Anchor, Button, Group, Loader, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { RadioField, ruleCheckSchema, TextareaField, useContractForm } from '../../components/form';
import { confirmDone, ErrorSummary, useErrorSummary } from '../../components/form-feedback';
import { usePageTitle } from '../../lib/use-page-title';
import { useTicketLookup } from './api/lookup-ticket';
import { useTakeTicketAction } from './api/take-ticket-action';
import { RefusalList } from './components/refusal-list';
import { TicketDetails } from './components/ticket-details';
import { formatMoney } from './format';
import { refusalCodesOf } from './refusals';
import type { TicketFlowKind } from './ticket-flow';
import { ticketListPath } from './ticket-list-params';

/** The form's values as the inputs hold them (no reason chosen: ''). */
interface ReasonValues {
  reason: string;
  note: string;
}

/** The amounts due before and after the action, in pounds. */
function amountsOf(kind: TicketFlowKind, ticket: Ticket) {
  const before = ticket.amountDue ?? ticket.fullAmount ?? ticket.reducedAmount;
  return { before: formatMoney(before), after: formatMoney(kind === 'cancel' ? 0 : ticket.reducedAmount) };
}

/**
 * list/cancel/{ticketNumber} and list/reduce/{ticketNumber} (issue 24): the ticket as the lookup answers
 * it (or why the action cannot be taken), the amount due before and after, and a reason from the
 * contract's list (a note with "Other"). Done, it returns to the list with its filters and says so.
 */
export function ChargeActionPage({ kind }: { kind: TicketFlowKind }) {
  const { t } = useTranslation();
  const parsed = ticketNumberSchema.safeParse(useParams().ticketNumber ?? '');
  const ticketNumber = parsed.success ? parsed.data : '';
  usePageTitle(t(`tickets.charge.${kind}.title`, { ticketNumber }));
  const listPath = ticketListPath(useLocation().search);
  const lookup = useTicketLookup(kind, ticketNumber);
  const [refused, setRefused] = useState<TicketRefusalCode[]>([]);

  const body = (() => {
    if (lookup.isPending) {
      return (
        <Group role="status" gap="sm">
          <Loader size="sm" />
          <Text>{t('tickets.charge.loading')}</Text>
        </Group>
      );
    }
    const answer = lookup.data;
    const codes =
      refused.length > 0
        ? refused
        : answer && !answer.ok
          ? refusalCodesOf(answer.status, answer.problem)
          : [];
    if (codes.length > 0) return <RefusalList kind={kind} ticketNumber={ticketNumber} codes={codes} />;
    if (!answer?.ok) {
      return (
        <Alert color="red" role="alert">
          {t('tickets.charge.loadFailed')}
        </Alert>
      );
    }
    return <ReasonForm kind={kind} ticket={answer.data} listPath={listPath} onRefused={setRefused} />;
  })();

  return (
    <Stack maw={720}>
      <Title order={1}>{t(`tickets.charge.${kind}.title`, { ticketNumber })}</Title>
      {body}
      <div>
        <Anchor component={Link} to={listPath}>
          {t('tickets.charge.backToList')}
        </Anchor>
      </div>
    </Stack>
  );
}

function ReasonForm({
  kind,
  ticket,
  listPath,
  onRefused,
}: {
  kind: TicketFlowKind;
  ticket: Ticket;
  listPath: string;
  onRefused(codes: TicketRefusalCode[]): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const takeAction = useTakeTicketAction(kind);
  const [failed, setFailed] = useState(false);
  const summary = useErrorSummary();
  // The contract's reason rule, its codes said from `tickets.charge.rules`.
  const schema = useMemo(
    () =>
      ruleCheckSchema<ReasonValues>((values) => {
        const result = ticketReasonFormSchema.safeParse({ reason: values.reason, note: values.note });
        const messages: Partial<Record<keyof ReasonValues, string>> = {};
        for (const issue of result.error?.issues ?? []) {
          const field = issue.path[0] === 'note' ? 'note' : 'reason';
          const code = issue.message === 'maxLength' ? 'maxLength' : 'required';
          messages[field] ??=
            field === 'note' && code === 'maxLength'
              ? t('tickets.charge.rules.note.maxLength', { max: String(TICKET_REASON_NOTE_MAX) })
              : t(`tickets.charge.rules.${field}.required`);
        }
        return messages;
      }),
    [t],
  );
  const form = useContractForm<ReasonValues>(schema, { reason: '', note: '' });
  const amounts = amountsOf(kind, ticket);
  const busy = form.formState.isSubmitting;

  const submit = summary.valid(async (values: ReasonValues) => {
    setFailed(false);
    const reason: TicketReasonForm = ticketReasonFormSchema.parse(values);
    const result = await takeAction.mutateAsync({ ticketNumber: ticket.ticketNumber, reason });
    if (result.ok) {
      confirmDone(t(`tickets.charge.${kind}.done`, { ticketNumber: ticket.ticketNumber, ...amounts }));
      navigate(listPath);
      return;
    }
    const codes = refusalCodesOf(result.status, result.problem);
    if (codes.length > 0) onRefused(codes);
    else setFailed(true);
  });

  return (
    <form ref={summary.formRef} noValidate onSubmit={form.handleSubmit(submit, summary.onInvalid)}>
      <Stack>
        <ErrorSummary summary={summary} />
        <TicketDetails ticket={ticket} showReducedAmount={kind === 'reduce'} />
        <Table variant="vertical" withTableBorder maw={560} aria-label={t('tickets.list.columns.amountDue')}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={200}>{t('tickets.charge.amountBefore')}</Table.Th>
              <Table.Td>{amounts.before}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th w={200}>{t('tickets.charge.amountAfter')}</Table.Th>
              <Table.Td>{amounts.after}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <RadioField
          form={form}
          name="reason"
          instantMessage
          label={t('tickets.charge.reason')}
          description={t('tickets.charge.reasonHint')}
          required
        >
          <Stack gap={6} mt={4}>
            {ticketActionReasons.map((reason) => (
              <Radio key={reason} value={reason} label={t(`tickets.reasons.${reason}`)} />
            ))}
          </Stack>
        </RadioField>
        <TextareaField
          form={form}
          name="note"
          instantMessage
          label={t('tickets.charge.note')}
          description={t('tickets.charge.noteHint')}
          rows={2}
          maxLength={TICKET_REASON_NOTE_MAX}
        />
        <Text>{t(`tickets.charge.${kind}.question`, amounts)}</Text>
        {failed && (
          <Alert color="red" role="alert">
            {t(`tickets.${kind}.failed`)}
          </Alert>
        )}
        <Group>
          <Button type="submit" color={kind === 'cancel' ? 'red' : undefined} loading={busy}>
            {t(`tickets.charge.${kind}.confirm`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function CancelChargePage() {
  return <ChargeActionPage kind="cancel" />;
}

export function ReduceChargePage() {
  return <ChargeActionPage kind="reduce" />;
}
