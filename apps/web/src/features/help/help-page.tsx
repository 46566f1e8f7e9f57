import { TEMPORARY_PERMIT_MAX_DAYS } from '@client-portal/contract';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SupportContactDetails } from '../../components/support-contact/support-contact-details';
import { useSupportContact } from '../../lib/support-contact';
import { usePageTitle } from '../../lib/use-page-title';

/** The questions in the order the page asks them; the last says who to call. */
export const helpQuestions = [
  'contractorWeek',
  'whyRefused',
  'allowance',
  'cancelCharge',
  'mistake',
  'expire',
  'findPermit',
  'excel',
  'password',
  'whoToCall',
] as const;

/** /help: the ten questions clerks ask, answered in plain English, for every signed-in user (issue 24). */
export function HelpPage() {
  const { t } = useTranslation();
  usePageTitle(t('help.title'));
  const contact = useSupportContact();
  const values = { days: String(TEMPORARY_PERMIT_MAX_DAYS), ...contact };

  return (
    <Stack>
      <Title order={1}>{t('help.title')}</Title>
      <Text>{t('help.intro')}</Text>
      {helpQuestions.map((key) => (
        <Paper
          key={key}
          withBorder
          p="md"
          component="section"
          aria-labelledby={`help-${key}`}
          data-testid={`help-${key}`}
        >
          <Title order={2} size="h4" mb="xs" id={`help-${key}`}>
            {t(`help.questions.${key}.question`)}
          </Title>
          <Text size="sm">{t(`help.questions.${key}.answer`, values)}</Text>
          {key === 'whoToCall' && (
            <Stack gap="xs" mt="sm" align="flex-start">
              <SupportContactDetails testId="help-contact" />
              <Anchor component={Link} to="/account/support" size="sm">
                {t('help.supportLink')}
              </Anchor>
            </Stack>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
