import { Alert, Button, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../lib/save-file';

function download(fileName: string, text: string) {
  saveFile(fileName, new Blob([text], { type: 'text/plain;charset=utf-8' }));
}

/** The recovery codes, shown once right after two-factor is turned on, with copy and download. */
export function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone(): void }) {
  const { t } = useTranslation();
  const text = `${t('identity.twoFactor.fileHeading', { email })}\n\n${codes.join('\n')}\n`;
  return (
    <Alert color="teal" title={t('identity.twoFactor.recoveryHeading')}>
      <Stack>
        <Text size="sm">{t('identity.twoFactor.recoveryIntro')}</Text>
        <SimpleGrid
          cols={2}
          spacing="xs"
          component="ul"
          data-testid="recovery-codes"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {codes.map((code) => (
            <Text component="li" key={code} ff="monospace">
              {code}
            </Text>
          ))}
        </SimpleGrid>
        <Group>
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? t('identity.twoFactor.copied') : t('identity.twoFactor.copy')}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={() => download('clientportal-recovery-codes.txt', text)}>
            {t('identity.twoFactor.download')}
          </Button>
          <Button onClick={onDone}>{t('identity.twoFactor.done')}</Button>
        </Group>
      </Stack>
    </Alert>
  );
}
