import { Image, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import mobileCampaign from '../assets/mobile-campaign.svg';
import referralCampaign from '../assets/referral-campaign.svg';

/** The two campaign images of the home screen; the referral campaign comes first. */
export function Campaigns() {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} component="section" aria-label={t('dashboard.campaigns.heading')}>
      <Image src={referralCampaign} alt={t('dashboard.campaigns.referralAlt')} radius="md" />
      <Image src={mobileCampaign} alt={t('dashboard.campaigns.mobileAlt')} radius="md" />
    </SimpleGrid>
  );
}
