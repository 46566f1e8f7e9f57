import { useMantineColorScheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { hasAnyFeature, type UserInfo, useUserInfo } from '../../lib/user-info';

/** Dark only for holders of Application.SysAdmin whose system prefers dark; light for everyone else. */
export function colorModeFor(
  userInfo: Pick<UserInfo, 'featureNames'> | undefined,
  prefersDark: boolean,
): 'light' | 'dark' {
  return prefersDark && hasAnyFeature(userInfo, 'Application.SysAdmin') ? 'dark' : 'light';
}

/** Keeps Mantine's colour scheme in line with the rule as the user, their features or the system change. */
export function ColorModeSync() {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', false, {
    getInitialValueInEffect: false,
  });
  const mode = colorModeFor(useUserInfo().data, prefersDark ?? false);
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (colorScheme !== mode) setColorScheme(mode);
  }, [colorScheme, mode, setColorScheme]);
  return null;
}
