import { Box, Center, Group } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LanguagePicker } from '../ui/language-picker.tsx';
import { ThemeToggle } from '../ui/theme-toggle.tsx';

/** Frame of the pages outside the main shell: centred content with the preferences in a corner. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <Box mih="100dvh" pos="relative">
      <Group pos="absolute" top={16} right={16} gap="xs">
        <LanguagePicker />
        <ThemeToggle />
      </Group>
      <Center mih="100dvh" p="md">
        {children}
      </Center>
    </Box>
  );
}

/** Layout route component of the public group (login, signup, 404, startup, invite). */
export function PublicLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
