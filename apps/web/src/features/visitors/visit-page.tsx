import {
  firstIssuePerField,
  normaliseRegistration,
  ruleCheck,
  stripRegistration,
  ukLongDateTime,
  VEHICLE_REGISTRATION_MAX,
  type VisitConfirmAnswer,
  type VisitWarning,
  visitConfirmSchema,
  visitStartSchema,
} from '@client-portal/contract';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  Group,
  List,
  Loader,
  Stack,
  Text,
  Title,
  useMantineColorScheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useFocusStepHeading } from '../../components/focus';
import { ruleCheckSchema, TextField, useContractForm } from '../../components/form';
import { LanguageSwitch } from '../../components/language/language-switch';
import { currentLanguage } from '../../i18n';
import type { ApiResult } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { useConfirmVisit, useStartVisit, useVisitInfo } from './api/public-visit';
import './visitor-pages.css';
import { lastingText } from './lasting-text';

/** A kiosk shows the last visitor's receipt this long, then clears itself for the next. */
export const KIOSK_RESET_SECONDS = 30;

type Step = 'form' | 'readBack' | 'code' | 'done';

interface Entered {
  vehicleRegistration: string;
  visitorName: string;
  email: string;
}

const labelKeys = {
  vehicleRegistration: 'visitors.visit.registration',
  visitorName: 'visitors.visit.name',
  email: 'visitors.visit.email',
  code: 'visitors.visit.code',
} as const;

/** The contract's own rules, said from the visitors.rules table; the e-mail is needed unless at the kiosk. */
function enteredSchema(t: TFunction, kiosk: boolean) {
  return ruleCheckSchema<Entered>((values) => {
    const issues = ruleCheck(visitStartSchema, values);
    const errors: Partial<Record<keyof Entered, string>> = Object.fromEntries(
      firstIssuePerField(issues).map((issue) => [
        issue.field,
        t(`visitors.rules.${issue.code}` as never, {
          field: t(labelKeys[issue.field as keyof typeof labelKeys] ?? labelKeys.vehicleRegistration),
          ...issue.params,
        }) as string,
      ]),
    );
    if (!kiosk && !values.email.trim()) {
      errors.email ??= t('visitors.rules.required', { field: t('visitors.visit.email') });
    }
    return errors;
  });
}

function codeSchema(t: TFunction) {
  return ruleCheckSchema<{ code: string }>((values) => {
    const issue = ruleCheck(visitConfirmSchema, {
      registrationId: '00000000-0000-4000-8000-000000000000',
      code: values.code,
    }).find((i) => i.field === 'code');
    return issue
      ? { code: t(`visitors.rules.${issue.code}` as never, { field: t('visitors.visit.code') }) as string }
      : {};
  });
}

/**
 * The visitor has no account: the page follows their device's own light or dark setting. (It is
 * outside the app's layout and its colour-mode rule, ColorModeSync, which draws the car park's
 * privacy notice that this page links to in the device's mode too.)
 */
function useDeviceColourMode() {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', false, {
    getInitialValueInEffect: false,
  });
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    const mode = prefersDark ? 'dark' : 'light';
    if (colorScheme !== mode) setColorScheme(mode);
  }, [colorScheme, prefersDark, setColorScheme]);
}

/** What a refused call says: its field messages, else its detail, else a plain failure. */
function problemText(result: ApiResult<unknown>, fallback: string): string {
  if (result.ok) return '';
  const fields = Object.values(result.problem?.errors ?? {}).flat();
  return fields[0] ?? result.problem?.detail ?? fallback;
}

/**
 * /visit/{token}: a visitor registers their car on their phone (issue 27, decision 47); the page links
 * to its car park's privacy notice (decision 54).
 */
export function VisitPage() {
  return <VisitFlow kiosk={false} />;
}

/** /visit/{token}/kiosk?key=: the reception tablet's mode: large type, no e-mail needed, clears itself. */
export function KioskPage() {
  return <VisitFlow kiosk />;
}

function VisitFlow({ kiosk }: { kiosk: boolean }) {
  const { t } = useTranslation();
  useDeviceColourMode();
  const token = useParams().token ?? '';
  const [search] = useSearchParams();
  const kioskKey = kiosk ? (search.get('key') ?? undefined) : undefined;
  const info = useVisitInfo(token, kioskKey);
  const title = kiosk ? t('visitors.visit.kioskTitle') : t('visitors.visit.title');
  usePageTitle(title);
  const [visit, setVisit] = useState(0);

  const body = (() => {
    if (info.isPending) return <Loader aria-label={t('visitors.visit.loading')} />;
    if (info.isError || !info.data) {
      return (
        <Stack>
          <Title order={1}>{t('visitors.visit.unknown')}</Title>
          <Alert color="red" role="alert">
            {info.error instanceof Error && 'problem' in info.error
              ? String((info.error as { problem?: { detail?: string } }).problem?.detail ?? '')
              : ''}
            {t('visitors.visit.failed')}
          </Alert>
        </Stack>
      );
    }
    const link = info.data;
    return (
      <Stack>
        <Title order={1}>{title}</Title>
        <Text size={kiosk ? 'xl' : 'md'}>
          <strong>{link.siteName}</strong> · {link.linkName}
        </Text>
        {link.open ? (
          <>
            <Text size={kiosk ? 'xl' : 'md'}>
              {t('visitors.visit.lasts', {
                duration: lastingText(t, link.durationKind, link.durationAmount),
              })}
            </Text>
            {link.hostApproval && <Text>{t('visitors.visit.hostApproval')}</Text>}
            <Registration
              key={visit}
              token={token}
              kioskKey={link.kiosk ? kioskKey : undefined}
              kiosk={kiosk}
              onNext={() => {
                setVisit((n) => n + 1);
                void info.refetch();
              }}
            />
          </>
        ) : (
          <Alert color="yellow" role="alert" title={t('visitors.visit.closed')}>
            {link.message}
          </Alert>
        )}
      </Stack>
    );
  })();

  return (
    <>
      <Container size={kiosk ? 'sm' : 'xs'} pt="sm">
        <Group justify="flex-end">
          <LanguageSwitch size={kiosk ? 'sm' : 'xs'} />
        </Group>
      </Container>
      <Box component="main" id="main-content" py="lg" className={kiosk ? 'visit-kiosk' : undefined}>
        <Container size={kiosk ? 'sm' : 'xs'}>{body}</Container>
      </Box>
      {/* The car park's own privacy notice (decision 54); not at the kiosk, which must stay on its page. */}
      {!kiosk && info.data && (
        <Container size="xs" pb="lg" component="footer">
          <Anchor component={Link} to={`/privacy/car-parks/${encodeURIComponent(info.data.site)}`} size="sm">
            {t('visitors.visit.privacy')}
          </Anchor>
        </Container>
      )}
    </>
  );
}

/** One character of a plate, said so it cannot be misread: "letter O", "number 0". */
function Spelled({ plate }: { plate: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" aria-label={t('visitors.visit.spelled')} role="list">
      {[...plate].map((c, i) => (
        <Text
          key={i}
          role="listitem"
          size="sm"
          px="xs"
          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
        >
          {/\d/.test(c) ? t('visitors.visit.digit', { value: c }) : t('visitors.visit.letter', { value: c })}
        </Text>
      ))}
    </Group>
  );
}

function Warnings({ warnings }: { warnings: readonly VisitWarning[] }) {
  const { t } = useTranslation();
  if (warnings.length === 0) return null;
  return (
    <Alert color="yellow" title={t('visitors.visit.warnings')} role="status">
      <List>
        {warnings.map((w) => (
          <List.Item key={w.code}>{w.message}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

function Registration({
  token,
  kioskKey,
  kiosk,
  onNext,
}: {
  token: string;
  kioskKey: string | undefined;
  kiosk: boolean;
  onNext(): void;
}) {
  const { t } = useTranslation();
  const size = kiosk ? 'xl' : 'md';
  const [step, setStep] = useState<Step>('form');
  const stepRef = useFocusStepHeading(step);
  const [entered, setEntered] = useState<Entered>({ vehicleRegistration: '', visitorName: '', email: '' });
  const entryForm = useContractForm<Entered>(
    useMemo(() => enteredSchema(t, kiosk), [t, kiosk]),
    entered,
  );
  const codeForm = useContractForm<{ code: string }>(
    useMemo(() => codeSchema(t), [t]),
    { code: '' },
  );
  const [warnings, setWarnings] = useState<VisitWarning[]>([]);
  const [warned, setWarned] = useState(false);
  const [problem, setProblem] = useState('');
  const [registrationId, setRegistrationId] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [done, setDone] = useState<VisitConfirmAnswer | null>(null);
  const startVisit = useStartVisit();
  const confirmVisit = useConfirmVisit();
  const busy = startVisit.isPending || confirmVisit.isPending;

  const checkForm = (values: Entered) => {
    setEntered(values);
    setProblem('');
    setStep('readBack');
  };

  const confirmCode = async (registration: string, given: string) => {
    const result = await confirmVisit.mutateAsync({ token, registrationId: registration, code: given });
    if (result.ok) {
      setDone(result.data);
      setStep('done');
    } else setProblem(problemText(result, t('visitors.visit.failed')));
  };

  const start = async () => {
    setProblem('');
    const result = await startVisit.mutateAsync({
      token,
      body: {
        vehicleRegistration: entered.vehicleRegistration,
        visitorName: entered.visitorName,
        email: entered.email,
        kioskKey: kioskKey ?? null,
        confirmedWarnings: warned,
        language: currentLanguage(),
      },
    });
    if (!result.ok) {
      setProblem(problemText(result, t('visitors.visit.failed')));
      return;
    }
    const answer = result.data;
    setWarnings(answer.warnings);
    if (answer.status === 'check') {
      // The visitor has now read the warnings; pressing Yes again keeps the plate as typed.
      setWarned(true);
      return;
    }
    setRegistrationId(answer.registrationId);
    setSentTo(answer.sentTo);
    if (answer.kioskCode) await confirmCode(answer.registrationId, answer.kioskCode);
    else setStep('code');
  };

  useEffect(() => {
    if (!kiosk || step !== 'done') return;
    const timer = setTimeout(onNext, KIOSK_RESET_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [kiosk, step, onNext]);

  const problemAlert = problem ? (
    <Alert color="red" role="alert">
      {problem}
    </Alert>
  ) : null;

  return (
    <div ref={stepRef}>
      {step === 'form' && (
        <form onSubmit={entryForm.handleSubmit(checkForm)} noValidate>
          <Stack>
            <TextField
              form={entryForm}
              name="vehicleRegistration"
              size={size}
              label={t('visitors.visit.registration')}
              description={t('visitors.visit.registrationHint')}
              required
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={VEHICLE_REGISTRATION_MAX + 4}
              styles={{ input: { textTransform: 'uppercase' } }}
            />
            <TextField
              form={entryForm}
              name="visitorName"
              size={size}
              label={t('visitors.visit.name')}
              autoComplete="name"
            />
            <TextField
              form={entryForm}
              name="email"
              size={size}
              type="email"
              label={kiosk ? t('visitors.visit.kioskEmail') : t('visitors.visit.email')}
              description={kiosk ? undefined : t('visitors.visit.emailHint')}
              required={!kiosk}
              autoComplete="email"
            />
            <Button type="submit" size={size}>
              {t('visitors.visit.continue')}
            </Button>
          </Stack>
        </form>
      )}
      {step === 'readBack' && (
        <Stack>
          <Title order={2}>{t('visitors.visit.readBackTitle')}</Title>
          <Text>{t('visitors.visit.readBackIntro')}</Text>
          <Text fz={kiosk ? 48 : 32} fw={700} ff="monospace" data-testid="read-back">
            {stripRegistration(normaliseRegistration(entered.vehicleRegistration))}
          </Text>
          <Spelled plate={stripRegistration(normaliseRegistration(entered.vehicleRegistration))} />
          <Warnings warnings={warnings} />
          {problemAlert}
          <Group>
            <Button size={size} onClick={() => void start()} loading={busy}>
              {t('visitors.visit.yes')}
            </Button>
            <Button
              size={size}
              variant="default"
              onClick={() => {
                setWarned(false);
                setWarnings([]);
                setStep('form');
              }}
            >
              {t('visitors.visit.change')}
            </Button>
          </Group>
        </Stack>
      )}
      {step === 'code' && (
        <form
          noValidate
          onSubmit={codeForm.handleSubmit((values) => confirmCode(registrationId, values.code.trim()))}
        >
          <Stack>
            <Title order={2}>{t('visitors.visit.codeTitle')}</Title>
            <Text>{t('visitors.visit.codeSent', { to: sentTo ?? '' })}</Text>
            <Warnings warnings={warnings} />
            <TextField
              form={codeForm}
              name="code"
              size={size}
              label={t('visitors.visit.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
            />
            {problemAlert}
            <Group>
              <Button type="submit" size={size} loading={busy}>
                {t('visitors.visit.confirm')}
              </Button>
              <Button size={size} variant="default" onClick={onNext}>
                {t('visitors.visit.startAgain')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {step === 'done' && done && (
        <Stack>
          <Title order={2}>
            {done.status === 'registered' ? t('visitors.visit.doneTitle') : t('visitors.visit.awaitingTitle')}
          </Title>
          {done.status === 'registered' ? (
            <>
              <Box component="dl" fz={kiosk ? 'xl' : 'md'}>
                <dt>{t('visitors.visit.reference')}</dt>
                <dd data-testid="visit-reference">
                  <strong>{done.reference}</strong>
                </dd>
                <dt>{t('visitors.visit.site')}</dt>
                <dd>{done.siteName}</dd>
                <dt>{t('visitors.visit.registered')}</dt>
                <dd>{done.vehicleRegistration}</dd>
                <dt>{t('visitors.visit.ends')}</dt>
                <dd>{done.endsAt ? ukLongDateTime(done.endsAt, currentLanguage()) : ''}</dd>
              </Box>
              {entered.email.trim() && <Text>{t('visitors.visit.receipt')}</Text>}
            </>
          ) : (
            <Text>{t('visitors.visit.awaiting', { plate: done.vehicleRegistration })}</Text>
          )}
          {kiosk && (
            <>
              <Text>{t('visitors.visit.resetsIn', { seconds: KIOSK_RESET_SECONDS })}</Text>
              <Button size={size} onClick={onNext}>
                {t('visitors.visit.nextVisitor')}
              </Button>
            </>
          )}
        </Stack>
      )}
    </div>
  );
}
