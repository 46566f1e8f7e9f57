import { type ColourMode, colourModeSchema } from '@client-portal/contract';
import { Anchor, Button, Divider, Popover, Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useColourModeChoice } from './color-mode';

function ChevronDown() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

/**
 * The top bar's account menu: the account pages, the colour mode (remembered on the server for the
 * user, decision 38) and sign-out (which phones reach only here: their top bar has no room for it).
 * A dialog rather than an ARIA menu, so that the colour modes can be a real radio group.
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const { picked, choose } = useColourModeChoice();
  const close = () => setOpened(false);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={230}
      trapFocus
      returnFocus
      shadow="md"
    >
      <Popover.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          rightSection={<ChevronDown />}
          onClick={() => setOpened((o) => !o)}
          data-testid="account-menu"
        >
          {t('chrome.account')}
        </Button>
      </Popover.Target>
      {/* Named by its button (Mantine labels the dialog by its target). */}
      <Popover.Dropdown>
        <Stack gap="sm">
          <Anchor component={Link} to="/account" size="sm" onClick={close}>
            {t('chrome.manageAccount')}
          </Anchor>
          <Divider />
          <Radio.Group
            label={t('chrome.accountMenu.colourMode')}
            value={picked ?? ''}
            onChange={(value) => {
              const mode = colourModeSchema.safeParse(value);
              if (mode.success) choose(mode.data);
            }}
          >
            <Stack gap={6} mt={6}>
              {colourModeSchema.options.map((mode: ColourMode) => (
                <Radio key={mode} value={mode} label={t(`chrome.accountMenu.modes.${mode}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Divider />
          <Anchor component={Link} to="/signout" size="sm" onClick={close}>
            {t('chrome.signOut')}
          </Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
