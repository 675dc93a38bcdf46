import { sitePath } from '@dealership/shared-schemas';
import type { RegisterInput } from '@dealership/user-schemas';
import { describeApiError, REDIRECT_PARAM, withLoadingToast, withRedirect } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess, Seo } from '@dealership/web-ui';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../login/AuthCard';
import { RegisterForm } from './RegisterForm';

/** The success toast: the same words as the REST answer (`user.register` returns the new user). */
export const REGISTER_SUCCESS_MESSAGE = 'User Registered Successfully';

/** `/register`: on success goes to /login (still carrying the page to return to). */
export function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loginHref = withRedirect(sitePath('login'), params.get(REDIRECT_PARAM));
  const mutation = trpc.user.register.useMutation();

  const handleSubmit = async (values: RegisterInput) => {
    try {
      await withLoadingToast('Registering...', () => mutation.mutateAsync(values));
      notifySuccess(REGISTER_SUCCESS_MESSAGE);
      navigate(loginHref);
      return undefined;
    } catch (error) {
      const { message, fieldErrors } = describeApiError(error);
      notifyError(message);
      return fieldErrors;
    }
  };

  return (
    <AuthCard title="Register" subtitle="Create an account to follow your orders with us.">
      <Seo title="Register" description="Create your dealership account." noIndex />
      <RegisterForm onSubmit={handleSubmit} loginHref={loginHref} />
    </AuthCard>
  );
}
