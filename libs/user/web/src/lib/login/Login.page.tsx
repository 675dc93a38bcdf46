import { sitePath } from '@dealership/shared-schemas';
import type { AuthSession, LoginInput } from '@dealership/user-schemas';
import { describeApiError, REDIRECT_PARAM, safeRedirectTarget, useAuth, withLoadingToast, withRedirect } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess, Seo } from '@dealership/web-ui';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from './AuthCard';
import { LoginForm } from './LoginForm';
import { SecondFactorForm } from './SecondFactorForm';
import { keepKnownDevice, knownDevice, rememberedDevice, rememberDevice } from './remembered-device';

/** What a staff member reads when the owner requires a second factor they have not set up. */
export const ENROL_TWO_FACTOR_MESSAGE = 'The owner asks every staff member to use two-factor sign-in: set it up on your profile.';

/**
 * `/login`: stores `{user, token}` under `auth`, then returns to the page the guard sent us from,
 * else `/`. A staff account with a second factor gets a second step (the authenticator's code, or a
 * recovery code); a remembered device skips it.
 */
export function LoginPage() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirectTarget(params.get(REDIRECT_PARAM));
  const mutation = trpc.user.login.useMutation();
  const secondStep = trpc.user.loginSecondFactor.useMutation();
  const [challenge, setChallenge] = useState<{ challenge: string; email: string } | null>(null);

  const signedIn = (email: string, session: AuthSession & { mustEnrolTwoFactor?: boolean; knownDevice?: string }) => {
    if (session.knownDevice) keepKnownDevice(email, session.knownDevice);
    login({ user: session.user, token: session.token });
    if (session.mustEnrolTwoFactor) {
      notifySuccess(ENROL_TWO_FACTOR_MESSAGE);
      navigate(`${sitePath('userProfile')}#two-factor`, { replace: true });
    } else navigate(target, { replace: true });
  };

  const handleSubmit = async (values: LoginInput) => {
    try {
      const device = rememberedDevice(values.email);
      const known = knownDevice(values.email);
      const input = { ...values, ...(device ? { deviceToken: device } : {}), ...(known ? { knownDevice: known } : {}) };
      const result = await withLoadingToast('Loging In...', () => mutation.mutateAsync(input));
      if ('secondFactor' in result) setChallenge({ challenge: result.challenge, email: values.email });
      else signedIn(values.email, result);
    } catch (error) {
      // Spec §8: the server's message (wrong credentials); 'Server Error' when it could not answer.
      notifyError(describeApiError(error).message);
    }
  };

  const handleSecondFactor = async (proof: { code?: string; recoveryCode?: string; rememberDevice: boolean }) => {
    if (!challenge) return;
    try {
      const known = knownDevice(challenge.email);
      const session = await secondStep.mutateAsync({ challenge: challenge.challenge, ...proof, ...(known ? { knownDevice: known } : {}) });
      if (session.deviceToken) rememberDevice(challenge.email, session.deviceToken);
      signedIn(challenge.email, session);
    } catch (error) {
      const { message, fieldErrors } = describeApiError(error);
      if (fieldErrors['challenge']) setChallenge(null);
      notifyError(fieldErrors['code'] ?? fieldErrors['challenge'] ?? message);
    }
  };

  return (
    <AuthCard title="Login" subtitle={challenge ? 'One more step: your second factor.' : 'Log in to see your orders and manage your profile.'}>
      <Seo title="Login" description="Log in to your dealership account." noIndex />
      {challenge ? (
        <SecondFactorForm onSubmit={handleSecondFactor} onCancel={() => setChallenge(null)} />
      ) : (
        <LoginForm onSubmit={handleSubmit} registerHref={withRedirect(sitePath('register'), target)} />
      )}
    </AuthCard>
  );
}
