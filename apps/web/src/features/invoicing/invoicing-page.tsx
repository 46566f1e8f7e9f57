import { Alert, Button, Group, Loader, Stack, Stepper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFocusStepHeading } from '../../components/focus';
import { usePageTitle } from '../../lib/use-page-title';
import { usePhone } from '../../lib/use-phone';
import { useUserInfo } from '../../lib/user-info';
import { InvoiceQueryStage } from './components/invoice-query-stage';
import { InvoiceResultsStage } from './components/invoice-results-stage';
import { InvoiceTypeStage } from './components/invoice-type-stage';
import { onlySite } from './invoice-query';
import { STAGES, type Stage, useInvoiceWizard } from './use-invoice-wizard';

/** Header steps that can be clicked: only earlier ones, and never the transient prepare stage. */
const selectable = (step: Stage, active: Stage) => step < active && step !== STAGES.prepare;

/** /invoicing: invoice type → query → prepare → results. */
export function InvoicingPage() {
  const { t } = useTranslation();
  usePageTitle(t('invoicing.title'));
  const wizard = useInvoiceWizard();
  const { query } = wizard;
  const only = onlySite(useUserInfo().data?.sites);
  // Each stage starts with its heading; focus moves there when the stage changes.
  const stageRef = useFocusStepHeading(wizard.stage);

  // On a phone the four steps stay one line: numbers only, with the current step's name beside them.
  const phone = usePhone();
  const step = (stage: Stage, name: 'type' | 'query' | 'prepare' | 'results') => (
    <Stepper.Step
      label={phone ? undefined : t(`invoicing.steps.${name}`)}
      description={phone ? undefined : t(`invoicing.steps.${name}Description`)}
      aria-label={t(`invoicing.steps.${name}`)}
      allowStepSelect={selectable(stage, wizard.stage)}
    />
  );

  return (
    <Stack>
      <Title order={1}>{t('invoicing.title')}</Title>
      <Stepper
        active={wizard.stage}
        onStepClick={(index) => {
          if (selectable(index as Stage, wizard.stage)) wizard.goBack(index as Stage);
        }}
        allowNextStepsSelect={false}
        size={phone ? 'sm' : 'md'}
        wrap={false}
      >
        {step(STAGES.type, 'type')}
        {step(STAGES.query, 'query')}
        {step(STAGES.prepare, 'prepare')}
        {step(STAGES.results, 'results')}
      </Stepper>

      <Stack ref={stageRef}>
        {wizard.stage === STAGES.type && <InvoiceTypeStage onChoose={wizard.choose} />}
        {wizard.stage === STAGES.query && wizard.definition && (
          <InvoiceQueryStage
            definition={wizard.definition}
            query={query}
            onlySite={only}
            onCancel={() => wizard.goBack(STAGES.type)}
            onGenerate={(submitted) => void wizard.generate(submitted)}
          />
        )}
        {wizard.stage === STAGES.prepare && <Title order={2}>{t('invoicing.prepare.heading')}</Title>}
        {wizard.stage === STAGES.prepare &&
          (wizard.failed ? (
            <Alert color="red" role="alert" title={t('invoicing.prepare.failed')}>
              <Group>
                <Button variant="default" onClick={() => wizard.goBack(STAGES.query)}>
                  {t('invoicing.prepare.back')}
                </Button>
                <Button variant="default" onClick={() => wizard.goBack(STAGES.type)}>
                  {t('invoicing.results.reset')}
                </Button>
              </Group>
            </Alert>
          ) : (
            <Group>
              <Loader size="sm" />
              <Text>{t('invoicing.prepare.working')}</Text>
            </Group>
          ))}
        {wizard.stage === STAGES.results && wizard.result && (
          <InvoiceResultsStage
            result={wizard.result}
            query={query}
            onReset={() => wizard.goBack(STAGES.type)}
          />
        )}
      </Stack>
    </Stack>
  );
}
