import { RETENTION } from '@dealership/shared-schemas';
import { renderWithProviders } from '@dealership/web-ui/testing';
import { screen } from '@testing-library/react';
import { PrivacyPolicyPage } from './PrivacyPolicyPage';

describe('PrivacyPolicyPage', () => {
  it('states the retention periods the daily job keeps (the same constants), and where a user exercises their rights', () => {
    renderWithProviders(<PrivacyPolicyPage />, { route: '/privacy-policy' });
    const text = document.body.textContent ?? '';
    expect(text).toContain(`${RETENTION.leadMonths} months after our last contact`);
    expect(text).toContain(`${RETENTION.saleYears} years after the sale`);
    expect(text).toContain(`Emails and text messages we sent you: ${RETENTION.messageDays} days.`);
    expect(text).toContain(`kept ${RETENTION.activityLogMonths} months`);
    expect(screen.getByRole('link', { name: 'profile page' })).toHaveAttribute('href', '/dashboard/user/profile');
  });
});
