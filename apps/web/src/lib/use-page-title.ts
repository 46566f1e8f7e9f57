import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Page titles stack with the product name: 'Permits | Client Portal'. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('common.pageTitle', { title });
  }, [t, title]);
}
