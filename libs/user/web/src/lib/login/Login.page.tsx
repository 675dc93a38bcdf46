import { sitePath } from '@dealership/shared-schemas';
import type { LoginInput } from '@dealership/user-schemas';
import { describeApiError, REDIRECT_PARAM, safeRedirectTarget, useAuth, withLoadingToast, withRedirect } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, Seo } from '@dealership/web-ui';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from './AuthCard';
import { LoginForm } from './LoginForm';

/** `/login`: stores `{user, token}` under `auth`, then returns to the page the guard sent us from, else `/`. */
export function LoginPage() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirectTarget(params.get(REDIRECT_PARAM));
  const mutation = trpc.user.login.useMutation();

  const handleSubmit = async (values: LoginInput) => {
    try {
      const session = await withLoadingToast('Loging In...', () => mutation.mutateAsync(values));
      login(session);
      navigate(target, { replace: true });
    } catch (error) {
      // Spec §8: the server's message (wrong credentials); 'Server Error' when it could not answer.
      notifyError(describeApiError(error).message);
    }
  };

  return (
    <AuthCard title="Login" subtitle="Log in to see your orders and manage your profile.">
      <Seo title="Login" description="Log in to your dealership account." noIndex />
      <LoginForm onSubmit={handleSubmit} registerHref={withRedirect(sitePath('register'), target)} />
    </AuthCard>
  );
}
