import { BANNER_FADE_MS } from '@client-portal/contract';
import { Alert, type AlertProps } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props extends Pick<AlertProps, 'color' | 'icon'> {
  title?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** A banner the user can close; it fades out over 500 ms before it leaves the page. */
export function ClosableBanner({ title, children, testId, ...alertProps }: Props) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<'shown' | 'fading' | 'closed'>('shown');

  useEffect(() => {
    if (phase !== 'fading') return;
    const timer = setTimeout(() => setPhase('closed'), BANNER_FADE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === 'closed') return null;
  return (
    <Alert
      {...alertProps}
      title={title}
      role="alert"
      data-testid={testId}
      withCloseButton
      closeButtonLabel={t('chrome.banner.close')}
      onClose={() => setPhase('fading')}
      mb="md"
      style={{ opacity: phase === 'fading' ? 0 : 1, transition: `opacity ${BANNER_FADE_MS}ms ease` }}
    >
      {children}
    </Alert>
  );
}
