import type { CoveredTickets as CoveredTicketList, PlateWarning } from '@client-portal/contract';
import { formatCountIn } from '@client-portal/contract';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  List,
  Loader,
  Modal,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { findFirstHeading, findStatusMessage, useFocusStepHeading } from '../../components/focus';
import { currentLanguage } from '../../i18n';
import { useApiClient } from '../../lib/api-context';
import { configEntry } from '../../lib/app-config';
import { useAppConfig } from '../../lib/app-config-context';
import { useSupportContact } from '../../lib/support-contact';
import { usePageTitle } from '../../lib/use-page-title';
import { useHasAnyFeature, useUserInfo } from '../../lib/user-info';
import { useAddPermits } from './api/add-permits';
import { checkPlates } from './api/check-plates';
import { type BulkColumn, bulkTemplateCsv } from './bulk-csv';
import {
  applyServerProblem,
  type CheckedBulkFile,
  checkBulkFile,
  decodeCsvBytes,
  isCsvFile,
  readFileBytes,
  withEditedRow,
} from './bulk-file';
import {
  type BulkPlateWarnings,
  needsAttention,
  plateCheckRowsOf,
  undecidedLines,
  uploadRowsOf,
  warnedLines,
  withLineWarnings,
  withSuggestion,
} from './bulk-plate-checks';
import type { BulkRowContext } from './bulk-rows';
import { BulkFilePicker } from './components/bulk-file-picker';
import { BulkPreviewTable } from './components/bulk-preview-table';
import { BulkRowEditDialog } from './components/bulk-row-edit-dialog';
import { CoveredTickets } from './components/covered-tickets';
import { permanentPermitYears } from './permit-dates';
import { permitListPath, permitListSearch } from './permit-list-params';

type BulkState = 'idle' | 'submitting' | 'success' | 'error';

interface Selected extends CheckedBulkFile {
  fileName: string;
}

const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(bulkTemplateCsv())}`;

/** Bulk add permits from a CSV file (Permits.BulkAdd): pick, preview, upload all or nothing. */
export function BulkAddPage() {
  const { t } = useTranslation();
  const contact = useSupportContact();
  usePageTitle(t('permitBulk.title'));
  const addPermits = useAddPermits();
  const { search } = useLocation();
  const listPath = permitListPath(search);
  const listSearch = permitListSearch(search);
  const userInfo = useUserInfo().data;
  const { config } = useAppConfig();
  const years = permanentPermitYears(configEntry(config, 'PermanentPermitYears'));
  const context = useMemo(
    (): BulkRowContext | undefined =>
      userInfo && {
        accessAllSites: userInfo.accessAllSites,
        siteNumbers: new Set(userInfo.sites.map((s) => s.siteNumber)),
        permanentYears: years,
      },
    [userInfo, years],
  );
  const [selected, setSelected] = useState<Selected | null>(null);
  const [state, setState] = useState<BulkState>('idle');
  const [covered, setCovered] = useState<CoveredTicketList>({ tickets: [], more: false });
  const [addedCount, setAddedCount] = useState(0);
  const [uploadId, setUploadId] = useState<number | null>(null);
  // Taking the upload back (within its first hour) needs Permits.Disable, as cancelling one permit does.
  const mayTakeBack = useHasAnyFeature('Permits.Disable');
  const [onlyAttention, setOnlyAttention] = useState(false);
  // The row open in the edit dialog, what its last re-check said, and the one confirmation of warnings.
  const [editing, setEditing] = useState<number | null>(null);
  const [rechecked, setRechecked] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number[] | null>(null);
  const recheckedRef = useRef<HTMLParagraphElement>(null);
  // After a save, focus goes to the re-check's message once the dialog has gone.
  const focusRechecked = useRef(false);
  useEffect(() => {
    if (editing !== null || !rechecked || !focusRechecked.current) return;
    focusRechecked.current = false;
    const timer = setTimeout(() => recheckedRef.current?.focus(), 50);
    return () => clearTimeout(timer);
  }, [editing, rechecked]);
  const api = useApiClient();
  // The plate check's warnings per line, and the lines whose typed plate the user keeps.
  const [plateWarnings, setPlateWarnings] = useState<BulkPlateWarnings>(new Map());
  const [kept, setKept] = useState<ReadonlySet<number>>(new Set());
  const [plateCheckFailed, setPlateCheckFailed] = useState(false);
  // A finished upload moves focus to the message saying so; 'Add more permits' back to the page heading.
  const pageRef = useFocusStepHeading(state === 'success', (root) =>
    state === 'success' ? findStatusMessage(root) : findFirstHeading(root),
  );
  // While a file is being checked: how far it has got (the page stays responsive meanwhile).
  const [checking, setChecking] = useState<{ fileName: string; done: number; total: number } | null>(null);
  const checkRun = useRef<AbortController | null>(null);
  useEffect(() => () => checkRun.current?.abort(), []);

  const choose = async (file: File) => {
    if (!context) return;
    checkRun.current?.abort();
    const run = new AbortController();
    checkRun.current = run;
    setState('idle');
    setOnlyAttention(false);
    setEditing(null);
    setRechecked(null);
    setSelected(null);
    setPlateWarnings(new Map());
    setKept(new Set());
    setPlateCheckFailed(false);
    if (!isCsvFile(file)) {
      setSelected({ fileName: file.name, rows: [], messages: [t('permitBulk.messages.invalidFile')] });
      return;
    }
    setChecking({ fileName: file.name, done: 0, total: 0 });
    try {
      const text = decodeCsvBytes(await readFileBytes(file));
      const checked = await checkBulkFile(text, context, t, {
        signal: run.signal,
        onProgress: (done, total) => setChecking({ fileName: file.name, done, total }),
      });
      // Every valid row's plate is checked from the first preview, beside the other rows' errors.
      const questions = plateCheckRowsOf(checked.rows);
      if (questions.length > 0) {
        // One request for every row; a failure leaves the check to the upload, which makes it again.
        try {
          const answer = await checkPlates(api, questions);
          setPlateWarnings(
            new Map(answer.rows.filter((r) => r.warnings.length > 0).map((r) => [r.id, r.warnings])),
          );
        } catch {
          setPlateCheckFailed(true);
        }
      }
      if (run.signal.aborted) return;
      setSelected({ fileName: file.name, ...checked });
    } catch {
      if (run.signal.aborted) return;
      setSelected({ fileName: file.name, rows: [], messages: [t('permitBulk.messages.unreadable')] });
    } finally {
      if (checkRun.current === run) setChecking(null);
    }
  };

  const upload = async (confirmed: ReadonlySet<number> = kept) => {
    if (!selected) return;
    setConfirming(null);
    const payload = uploadRowsOf(selected.rows, confirmed);
    setState('submitting');
    const result = await addPermits.mutateAsync({ mode: 'bulk', rows: payload });
    if (result.ok) {
      setAddedCount(result.data.permits.length);
      setUploadId(result.data.uploadId);
      setCovered(result.data.coveredTickets);
      setState('success');
    } else if (result.problem?.errors) {
      // A validation answer returns to idle with its messages on the rows and the file.
      setSelected({
        fileName: selected.fileName,
        ...applyServerProblem(selected, result.problem, t, contact),
      });
      setState('idle');
    } else {
      console.error('Bulk adding permits failed', result.error);
      setState('error');
    }
  };

  const useSuggestion = (line: number, suggestion: string) => {
    setSelected(
      (current) =>
        current && {
          ...current,
          rows: current.rows.map((row) => (row.line === line ? withSuggestion(row, suggestion) : row)),
        },
    );
    setPlateWarnings((current) => new Map([...current].filter(([l]) => l !== line)));
  };
  const keepPlate = (line: number, keep: boolean) =>
    setKept((current) => {
      const next = new Set(current);
      if (keep) next.add(line);
      else next.delete(line);
      return next;
    });

  // Rows that would be stored with an unanswered plate warning are confirmed once, all together.
  const askUpload = () => {
    const warned = selected ? warnedLines(selected.rows, plateWarnings, kept) : [];
    if (warned.length > 0) setConfirming(warned);
    else void upload();
  };

  const focusEditButton = (line: number) =>
    setTimeout(() => pageRef.current?.querySelector<HTMLElement>(`[data-edit-line="${line}"]`)?.focus(), 0);

  /** An edited row: checked again by the file's rules, its plate by the same API, the answer announced. */
  const saveEdit = async (line: number, cells: Record<BulkColumn, string>) => {
    if (!selected || !context) return;
    const { file, row } = withEditedRow(selected, { line, cells }, context, t);
    let fresh: readonly PlateWarning[] = [];
    const questions = plateCheckRowsOf([row]);
    if (questions.length > 0) {
      try {
        const answer = await checkPlates(api, questions);
        fresh = answer.rows.find((r) => r.id === line)?.warnings ?? [];
      } catch {
        setPlateCheckFailed(true);
      }
    }
    setSelected((current) => current && { fileName: current.fileName, ...file });
    setPlateWarnings((current) => withLineWarnings(current, line, fresh));
    setKept((current) => new Set([...current].filter((l) => l !== line)));
    setState('idle');
    setEditing(null);
    const said = !row.payload
      ? t('permitBulk.edit.invalid', { line: String(line), reasons: row.messages.join('; ') })
      : fresh.length > 0
        ? t('permitBulk.edit.warned', { line: String(line) })
        : t('permitBulk.edit.valid', { line: String(line) });
    setRechecked(said);
    focusRechecked.current = true;
  };
  const closeEdit = () => {
    if (editing !== null) focusEditButton(editing);
    setEditing(null);
  };
  const openEdit = useCallback((line: number) => setEditing(line), []);

  const addMore = () => {
    setSelected(null);
    setState('idle');
    setOnlyAttention(false);
    setRechecked(null);
  };

  const rows = selected?.rows ?? [];
  const invalidRows = rows.filter((row) => !row.payload);
  const attentionRows = rows.filter((row) => needsAttention(row, plateWarnings));
  const editedRow = editing === null ? undefined : rows.find((row) => row.line === editing);
  const messages = selected?.messages ?? [];
  const undecided = undecidedLines(plateWarnings, kept);
  const canUpload =
    state !== 'submitting' &&
    !checking &&
    messages.length === 0 &&
    rows.length > 0 &&
    invalidRows.length === 0;

  if (!userInfo) return <Loader size="sm" aria-label={t('common.loading')} />;

  return (
    <Stack ref={pageRef}>
      <Title order={1}>{t('permitBulk.title')}</Title>
      {state === 'success' ? (
        <Stack>
          <Alert color="green" title={t('form.successHeading')} role="status">
            {addedCount === 1 ? t('permitBulk.addedOne') : t('permitBulk.added', { count: addedCount })}
          </Alert>
          <CoveredTickets covered={covered} />
          {uploadId !== null && mayTakeBack && (
            <Anchor component={Link} to={`/permits/uploads/${uploadId}${listSearch}`}>
              {t('permitUpload.offer')}
            </Anchor>
          )}
          <Group>
            <Anchor component="button" type="button" onClick={addMore}>
              {t('permitBulk.addMore')}
            </Anchor>
            <Anchor component={Link} to={listPath}>
              {t('permitBulk.backToPermits')}
            </Anchor>
          </Group>
        </Stack>
      ) : (
        <>
          <Text size="sm">{t('permitBulk.intro')}</Text>
          <Anchor href={templateHref} download={t('permitBulk.templateFileName')} size="sm">
            {t('permitBulk.template')}
          </Anchor>
          <BulkFilePicker
            fileName={checking?.fileName ?? selected?.fileName}
            disabled={state === 'submitting'}
            onFile={(file) => void choose(file)}
          />
          {checking && (
            <Stack gap={4} role="status" aria-live="polite">
              <Text size="sm">
                {checking.total === 0
                  ? t('permitBulk.reading')
                  : t('permitBulk.checking', {
                      done: formatCountIn(currentLanguage(), checking.done),
                      total: formatCountIn(currentLanguage(), checking.total),
                    })}
              </Text>
              <Progress
                value={checking.total === 0 ? 0 : (100 * checking.done) / checking.total}
                aria-label={t('permitBulk.checkingLabel')}
                animated
              />
            </Stack>
          )}
          {messages.length > 0 && (
            <Alert color="yellow" title={t('permitBulk.messages.refused')} role="alert">
              <List size="sm">
                {messages.map((message) => (
                  <List.Item key={message}>{message}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          {state === 'error' && (
            <Alert color="red" title={t('form.failedHeading')} role="alert">
              {t('permitBulk.messages.failed')}
            </Alert>
          )}
          {rows.length > 0 && (
            <Stack gap="xs">
              <Title order={2}>{t('permitBulk.foundPermits')}</Title>
              <Text size="sm">
                {t('permitBulk.summary', {
                  valid: String(rows.length - invalidRows.length),
                  total: String(rows.length),
                })}
              </Text>
              {attentionRows.length > 0 && (
                <Text size="sm">{t('permitBulk.attention', { count: attentionRows.length })}</Text>
              )}
              {rechecked && (
                <Text ref={recheckedRef} size="sm" fw={600} role="status" tabIndex={-1}>
                  {rechecked}
                </Text>
              )}
              {(onlyAttention || attentionRows.length > 0) && (
                <Checkbox
                  label={t('permitBulk.onlyAttention')}
                  checked={onlyAttention}
                  onChange={(event) => setOnlyAttention(event.currentTarget.checked)}
                />
              )}
              {undecided.length > 0 && (
                <Text size="sm" fw={600}>
                  {t('permitBulk.plateCheck.undecided', {
                    count: undecided.length,
                    lines: undecided.join(', '),
                  })}
                </Text>
              )}
              {plateCheckFailed && <Text size="sm">{t('permitBulk.plateCheck.checkFailed')}</Text>}
              <BulkPreviewTable
                rows={onlyAttention ? attentionRows : rows}
                plates={{ warnings: plateWarnings, kept, onUse: useSuggestion, onKeep: keepPlate }}
                onEdit={state === 'submitting' ? undefined : openEdit}
              />
              {editedRow && context && (
                <BulkRowEditDialog
                  key={editedRow.line}
                  row={editedRow}
                  context={context}
                  onSave={(cells) => saveEdit(editedRow.line, cells)}
                  onClose={closeEdit}
                />
              )}
            </Stack>
          )}
          <Group>
            <Button component={Link} to={listPath} variant="default">
              {t('permitBulk.cancel')}
            </Button>
            <Button onClick={askUpload} disabled={!canUpload} loading={state === 'submitting'}>
              {t('permitBulk.upload')}
            </Button>
          </Group>
          <Modal
            opened={confirming !== null}
            onClose={() => setConfirming(null)}
            title={t('permitBulk.confirm.title')}
            closeButtonProps={{ 'aria-label': t('permitBulk.confirm.back') }}
          >
            <Stack gap="sm">
              <Text size="sm">
                {t('permitBulk.confirm.body', {
                  count: confirming?.length ?? 0,
                  lines: (confirming ?? []).join(', '),
                })}
              </Text>
              <Text size="sm">{t('permitBulk.confirm.question')}</Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setConfirming(null)} data-autofocus>
                  {t('permitBulk.confirm.back')}
                </Button>
                <Button onClick={() => void upload(new Set([...kept, ...(confirming ?? [])]))}>
                  {t('permitBulk.confirm.upload')}
                </Button>
              </Group>
            </Stack>
          </Modal>
        </>
      )}
    </Stack>
  );
}
