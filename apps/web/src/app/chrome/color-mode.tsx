import { type ColourMode, userPreferencesSchema } from '@client-portal/contract';
import { useMantineColorScheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { matchPath, useLocation } from 'react-router';
import { CAR_PARK_NOTICE_PATH } from '../../features/privacy/routes';
import { useApiMutation } from '../../lib/api-mutation';
import { userKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session';
import { hasAnyFeature, type UserInfo, useUserInfo } from '../../lib/user-info';

/**
 * The colour mode to draw (decision 38): the user's own pick, remembered on the server; until they
 * pick one, the spec's rule (dark only for holders of Application.SysAdmin whose system prefers dark).
 */
export function colorModeFor(
  userInfo: Pick<UserInfo, 'featureNames' | 'colourMode'> | undefined,
  prefersDark: boolean,
): 'light' | 'dark' {
  const picked = userInfo?.colourMode;
  if (picked === 'light' || picked === 'dark') return picked;
  if (picked === 'system') return prefersDark ? 'dark' : 'light';
  return prefersDark && hasAnyFeature(userInfo, 'Application.SysAdmin') ? 'dark' : 'light';
}

/**
 * Keeps Mantine's colour scheme in line with the rule as the user, their pick or the system change:
 * the one place that sets it inside the app's layout. Signed out, a car park's privacy notice follows
 * the device, as the visitor's page that links to it does (decision 54).
 */
export function ColorModeSync() {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', false, {
    getInitialValueInEffect: false,
  });
  const signedIn = useSession().isAuthenticated;
  const { pathname } = useLocation();
  const userInfo = useUserInfo().data;
  const followsDevice = !signedIn && matchPath(CAR_PARK_NOTICE_PATH, pathname) !== null;
  const mode = followsDevice
    ? prefersDark
      ? 'dark'
      : 'light'
    : colorModeFor(userInfo, prefersDark ?? false);
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (colorScheme !== mode) setColorScheme(mode);
  }, [colorScheme, mode, setColorScheme]);
  return null;
}

/**
 * The signed-in user's pick and a way to change it: the page follows at once (the user info in the
 * cache takes the pick before the server answers) and the server remembers it for every device.
 */
export function useColourModeChoice() {
  const session = useSession();
  const email = session.isAuthenticated ? session.account.email : '';
  const userInfo = useUserInfo();
  const queryClient = useQueryClient();
  const save = useApiMutation(
    (api, colourMode: ColourMode) =>
      api.put('/user/preferences', { colourMode }, { schema: userPreferencesSchema }),
    // Whatever the answer, the server's word is what the next page load shows.
    (queryClient) => queryClient.invalidateQueries({ queryKey: userKeys.info(email) }),
  );
  // The pick as the user made it, until its save settles: the query cache tells its observers a tick
  // later, and a controlled radio group must show the click at once, not the old pick for a moment
  // (a browser journey read the radio in that moment).
  const [justPicked, setJustPicked] = useState<ColourMode | null>(null);
  return {
    picked: justPicked ?? userInfo.data?.colourMode ?? null,
    choose: (colourMode: ColourMode) => {
      setJustPicked(colourMode);
      // A fetch of the user info still under way (asked for after an earlier pick) would put that pick
      // back when it lands, before this one is saved: set it aside.
      void queryClient.cancelQueries({ queryKey: userKeys.info(email) });
      queryClient.setQueryData(userKeys.info(email), (info: UserInfo | undefined) =>
        info ? { ...info, colourMode } : info,
      );
      save.mutate(colourMode, { onSettled: () => setJustPicked(null) });
    },
  };
}
