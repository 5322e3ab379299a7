import { Title } from '@mantine/core';

/** Being built in the devices issue; the route exists so the shell can link to it. */
export function HostDetailsPage() {
  return <Title order={2}>HostDetailsPage</Title>;
}
