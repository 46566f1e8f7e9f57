import { useMantineColorScheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';

/**
 * A page for someone with no account (a visitor's page, a car park's privacy notice) follows their
 * device's own light or dark setting while `follow` holds.
 */
export function useDeviceColourMode(follow = true) {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', false, {
    getInitialValueInEffect: false,
  });
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (!follow) return;
    const mode = prefersDark ? 'dark' : 'light';
    if (colorScheme !== mode) setColorScheme(mode);
  }, [follow, colorScheme, prefersDark, setColorScheme]);
}
