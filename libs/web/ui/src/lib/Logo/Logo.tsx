import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { SITE_NAME } from '../config/site-config';
import { CarIcon } from '../icons/icons';

/** The site's word mark, linking home. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  const color = inverted ? 'white' : 'navy.8';
  return (
    <UnstyledButton component={Link} to="/" aria-label={`${SITE_NAME} home`}>
      <Group gap={8} wrap="nowrap">
        <Text component="span" c={inverted ? 'amber.4' : 'navy.8'} lh={0}>
          <CarIcon size={30} />
        </Text>
        <div>
          <Text component="span" display="block" fw={800} fz="lg" lh={1.1} c={color}>
            Mombasa
          </Text>{' '}
          {/* The space keeps the visible words apart in the link's name ("Mombasa Car Dealership home"). */}
          <Text component="span" display="block" fz={11} fw={600} lh={1.1} tt="uppercase" lts={1.2} c={inverted ? 'gray.4' : 'gray.7'}>
            Car Dealership
          </Text>
        </div>
      </Group>
    </UnstyledButton>
  );
}
