import { sitePath } from '@dealership/shared-schemas';
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

/** Illustration of a car at a dead end, drawn inline so the 404 page needs no request. */
function NotFoundIllustration() {
  return (
    <svg
      role="img"
      aria-label="A car stopped at a road sign with a question mark"
      width="280"
      height="180"
      viewBox="0 0 280 180"
      xmlns="http://www.w3.org/2000/svg"
      style={{ maxWidth: '100%', height: 'auto' }}
    >
      <rect x="0" y="140" width="280" height="40" rx="6" fill="#d2dcef" />
      <rect x="20" y="157" width="40" height="6" rx="3" fill="#fff" />
      <rect x="100" y="157" width="40" height="6" rx="3" fill="#fff" />
      <rect x="180" y="157" width="40" height="6" rx="3" fill="#fff" />
      <rect x="226" y="40" width="6" height="100" fill="#7192cf" />
      <circle cx="229" cy="44" r="30" fill="#ffb01b" />
      <text x="229" y="56" textAnchor="middle" fontSize="36" fontWeight="700" fill="#0a2450" fontFamily="system-ui, sans-serif">
        ?
      </text>
      <path d="M30 128l14-30a12 12 0 0 1 11-7h66a12 12 0 0 1 10 6l18 31z" fill="#16439f" />
      <path d="M58 100h28v22H48zM94 100h26l12 22H94z" fill="#a3b8df" />
      <rect x="22" y="122" width="152" height="22" rx="8" fill="#0f3680" />
      <circle cx="58" cy="144" r="13" fill="#0a2450" />
      <circle cx="58" cy="144" r="5" fill="#d2dcef" />
      <circle cx="140" cy="144" r="13" fill="#0a2450" />
      <circle cx="140" cy="144" r="5" fill="#d2dcef" />
      <rect x="164" y="126" width="10" height="6" rx="2" fill="#ffca64" />
    </svg>
  );
}

/** Content of the 404 page (spec §2). */
export function NotFound() {
  return (
    <Stack align="center" gap="md" py={48} ta="center">
      <NotFoundIllustration />
      <Title order={1}>404 Page Not Found</Title>
      <Text c="dimmed" maw={420}>
        The page you are looking for does not exist or has moved. Our cars are still here, though.
      </Text>
      <Button component={Link} to={sitePath('cars')} size="md">
        Browse Our Inventory
      </Button>
    </Stack>
  );
}
