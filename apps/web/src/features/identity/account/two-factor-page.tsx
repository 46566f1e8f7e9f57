import { Alert, Anchor, Button, Code, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFeedback, useFormFeedback } from '../../../components/form-feedback';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useDisableTwoFactor } from '../api/two-factor-disable';
import { useEnableTwoFactor } from '../api/two-factor-enable';
import { type TwoFactorSetup, useStartTwoFactorSetup } from '../api/two-factor-setup';
import { useTwoFactorStatus } from '../api/two-factor-status';
import { QrCodeImage } from './qr-code-image';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorCodeForm } from './two-factor-code-form';

type Step =
  | { kind: 'status' }
  | { kind: 'setup'; setup: TwoFactorSetup }
  | { kind: 'recoveryCodes'; codes: string[] }
  | { kind: 'turnedOff' };

/** /account/two-factor: on/off; turning on shows a QR code, confirms a code and shows recovery codes. */
export function TwoFactorPage() {
  const { t } = useTranslation();
  usePageTitle(t('identity.twoFactor.title'));
  const session = useSession();
  const startSetup = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const status = useTwoFactorStatus();
  const feedback = useFormFeedback();
  const [step, setStep] = useState<Step>({ kind: 'status' });
  const [setupFailed, setSetupFailed] = useState(false);
  const [starting, setStarting] = useState(false);

  const turnOn = async () => {
    setStarting(true);
    setSetupFailed(false);
    const result = await startSetup.mutateAsync();
    setStarting(false);
    if (result.ok) setStep({ kind: 'setup', setup: result.data });
    else setSetupFailed(true);
  };

  const confirm = async (code: string) => {
    const result = await feedback.submit(() => enable.mutateAsync(code));
    if (!result.ok) return;
    feedback.setState('idle');
    setStep({ kind: 'recoveryCodes', codes: result.data.recoveryCodes });
  };

  const turnOff = async (code: string) => {
    const result = await feedback.submit(() => disable.mutateAsync(code));
    if (!result.ok) return;
    feedback.setState('idle');
    setStep({ kind: 'turnedOff' });
  };

  const header = (
    <>
      <Title order={1} size="h2">
        {t('identity.twoFactor.title')}
      </Title>
      <Text>{t('identity.twoFactor.intro')}</Text>
    </>
  );

  if (step.kind === 'recoveryCodes') {
    return (
      <Stack maw={640}>
        {header}
        <RecoveryCodes
          codes={step.codes}
          email={session.isAuthenticated ? session.account.email : ''}
          onDone={() => setStep({ kind: 'status' })}
        />
      </Stack>
    );
  }

  if (!status.data) {
    return (
      <Stack maw={640}>
        {header}
        {status.isError ? (
          <Text role="alert">
            {t('identity.twoFactor.loadFailed')}{' '}
            <Anchor component="button" type="button" onClick={() => void status.refetch()}>
              {t('common.retry')}
            </Anchor>
          </Text>
        ) : (
          <Group role="status" gap="sm">
            <Loader size="sm" />
            <Text>{t('common.loading')}</Text>
          </Group>
        )}
      </Stack>
    );
  }

  const { enabled, recoveryCodesLeft } = status.data;
  return (
    <Stack maw={640}>
      {header}
      <Alert color={enabled ? 'teal' : 'gray'} data-testid="two-factor-status">
        {enabled ? t('identity.twoFactor.statusOn') : t('identity.twoFactor.statusOff')}
        {enabled && ` ${t('identity.twoFactor.recoveryLeft', { count: recoveryCodesLeft })}`}
      </Alert>
      {step.kind === 'turnedOff' && !enabled && (
        <Alert color="green" role="status">
          {t('identity.twoFactor.turnedOff')}
        </Alert>
      )}
      <FormFeedback feedback={feedback} failedMessage={t('identity.twoFactor.failed')} />
      {!enabled && step.kind !== 'setup' && (
        <>
          {setupFailed && (
            <Alert color="red" role="alert">
              {t('identity.twoFactor.setupFailed')}
            </Alert>
          )}
          <Button onClick={turnOn} loading={starting} style={{ alignSelf: 'flex-start' }}>
            {t('identity.twoFactor.turnOn')}
          </Button>
        </>
      )}
      {!enabled && step.kind === 'setup' && (
        <Stack>
          <Text>{t('identity.twoFactor.scan')}</Text>
          <QrCodeImage value={step.setup.otpauthUri} alt={t('identity.twoFactor.qrAlt')} />
          <Text size="sm">
            {t('identity.twoFactor.secretLabel')}:{' '}
            <Code data-testid="two-factor-secret">{step.setup.secret}</Code>
          </Text>
          <TwoFactorCodeForm
            submitLabel={t('identity.twoFactor.confirm')}
            submitting={feedback.isSubmitting}
            onSubmit={confirm}
            onCancel={() => {
              feedback.setState('idle');
              setStep({ kind: 'status' });
            }}
          />
        </Stack>
      )}
      {enabled && (
        <Stack>
          <Text>{t('identity.twoFactor.offIntro')}</Text>
          <TwoFactorCodeForm
            submitLabel={t('identity.twoFactor.turnOff')}
            submitColor="red"
            submitting={feedback.isSubmitting}
            onSubmit={turnOff}
          />
        </Stack>
      )}
    </Stack>
  );
}
