import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The first stop of the tab order (WCAG 2.4.1): jumps past the header and navigation to `targetId`. */
export function SkipLink({ targetId }: { targetId: string }) {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    // Focus the target without changing the URL's hash (the router owns the URL).
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView();
  };
  return (
    <a href={`#${targetId}`} className="skip-link" onClick={skip}>
      {t('chrome.skipToContent')}
    </a>
  );
}
