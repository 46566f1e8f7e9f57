import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Only web links may come from config; anything else (javascript:, data:) is dropped. */
function webUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The latest-news card from the LatestNewsMessage* entries; nothing when no heading or body is set. */
export function LatestNewsCard({ entries }: { entries: Record<string, string> }) {
  const { t } = useTranslation();
  const heading = entries.LatestNewsMessageHeading;
  const body = entries.LatestNewsMessageBody;
  const date = entries.LatestNewsMessageDate;
  const url = webUrl(entries.LatestNewsMessageUrl);
  if (!heading && !body) return null;
  return (
    <Card withBorder padding="lg" component="article" data-testid="latest-news">
      <Stack gap="xs">
        <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
          {t('dashboard.news.label')}
        </Text>
        {heading && (
          <Title order={2} size="h3">
            {heading}
          </Title>
        )}
        {date && (
          <Text size="sm" c="dimmed">
            {date}
          </Text>
        )}
        {body && <Text>{body}</Text>}
        {url && (
          <Anchor href={url} target="_blank" rel="noopener noreferrer">
            {t('dashboard.news.readMore')}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
