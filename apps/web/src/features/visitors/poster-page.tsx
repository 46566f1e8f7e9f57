import { Anchor, Box, Button, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { useVisitorLinkPoster } from './api/visitor-links';
import { visitorLinksRoutes } from './routes';
import './visitor-pages.css';

/**
 * /visitor-links/{id}/poster: an A4 poster of the link, its QR code drawn on the server as SVG; the
 * print stylesheet (visitor-poster.css) prints the poster alone, on one A4 page.
 */
export function PosterPage() {
  const { t } = useTranslation();
  usePageTitle(t('visitors.posterPage.title'));
  const id = Number(useParams().id);
  const poster = useVisitorLinkPoster(id);
  if (!poster.data) return <Loader size="sm" aria-label={t('common.loading')} />;
  const { link, qrSvg } = poster.data;
  return (
    <Stack>
      <Group className="visitor-poster-controls">
        <Anchor component={Link} to={visitorLinksRoutes.path}>
          {t('visitors.posterPage.back')}
        </Anchor>
        <Button onClick={() => window.print()}>{t('visitors.posterPage.print')}</Button>
      </Group>
      <Box
        className="visitor-poster"
        p="xl"
        style={{ border: '1px solid var(--mantine-color-default-border)' }}
      >
        <Stack align="center" gap="lg">
          <Title order={1} ta="center">
            {t('visitors.posterPage.heading')}
          </Title>
          <Text fz="xl" fw={700} ta="center">
            {link.siteName} · {link.name}
          </Text>
          <Text ta="center">{t('visitors.posterPage.steps')}</Text>
          <Image
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
            alt={t('visitors.posterPage.qrAlt', { name: link.name })}
            w={320}
            h={320}
            bg="white"
            data-testid="poster-qr"
          />
          <Text ta="center">
            {t('visitors.posterPage.orVisit')}{' '}
            <strong style={{ wordBreak: 'break-all' }} data-testid="poster-url">
              {link.publicUrl}
            </strong>
          </Text>
          <Text ta="center">{t('visitors.posterPage.noPhone')}</Text>
        </Stack>
      </Box>
    </Stack>
  );
}
