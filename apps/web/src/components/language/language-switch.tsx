import { LANGUAGES, type Language } from '@client-portal/contract';
import { Alert, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLanguageChoice } from '../../lib/language';
import { useUserInfo } from '../../lib/user-info';

/**
 * English / Cymraeg (issue 29, decision 49), on every page: each name written in its own language and
 * marked with it (`lang`), the language in use pressed. A signed-in user's pick is kept on the server.
 */
export function LanguageSwitch({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const { current, choose } = useLanguageChoice();
  return (
    <Group component="nav" gap="xs" aria-label={t('language.switchLabel')} data-testid="language-switch">
      {LANGUAGES.map((language: Language, index) => (
        <Group key={language} gap="xs" wrap="nowrap">
          {index > 0 && (
            <Text size={size} c="dimmed" aria-hidden="true">
              |
            </Text>
          )}
          <UnstyledButton
            lang={language}
            aria-pressed={current === language}
            onClick={() => choose(language)}
            fz={size}
            fw={current === language ? 700 : 400}
            td={current === language ? undefined : 'underline'}
            c={current === language ? undefined : 'var(--mantine-color-anchor)'}
          >
            {t(`language.names.${language}`)}
          </UnstyledButton>
        </Group>
      ))}
    </Group>
  );
}

/**
 * Asked once (decision 49): a signed-in user whose language the server does not know yet (a new
 * account) is asked for it at the top of the page until they answer, here or in the switch.
 */
export function LanguageQuestion() {
  const { t } = useTranslation();
  const info = useUserInfo().data;
  const { choose } = useLanguageChoice();
  if (!info || info.language !== null) return null;
  return (
    // A region, not an alert: it waits for an answer without interrupting a screen reader.
    <Alert
      color="blue"
      title={t('language.prompt.title')}
      role="region"
      aria-label={t('language.prompt.title')}
      mb="md"
      data-testid="language-question"
    >
      <Text size="sm" mb="sm">
        {t('language.prompt.body')}
      </Text>
      <Group gap="sm">
        {LANGUAGES.map((language: Language) => (
          <Button key={language} lang={language} size="xs" variant="default" onClick={() => choose(language)}>
            {t(`language.names.${language}`)}
          </Button>
        ))}
      </Group>
    </Alert>
  );
}
