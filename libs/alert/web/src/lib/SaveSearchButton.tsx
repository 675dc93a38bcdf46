import { sitePath } from '@dealership/shared-schemas';
import { Button } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';

/**
 * "Get alerts for this search" on /cars: a link to the alerts page with the listing's query, where
 * the sign-up form is (its code loads there, not with the listing).
 */
export function SaveSearchButton() {
  return (
    <Button component={Link} to={`${sitePath('alerts', { page: 'search' })}${useLocation().search}`} variant="light" size="sm" w="fit-content">
      Get alerts for this search
    </Button>
  );
}
