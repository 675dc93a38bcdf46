import { sitePath } from '@dealership/shared-schemas';
import { LoginInputSchema, type LoginInput } from '@dealership/user-schemas';
import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from 'react-router-dom';
import { EmailInput } from './EmailInput';

export interface LoginFormProps {
  /** Sends the credentials; the form shows a busy button until it settles. */
  onSubmit: (values: LoginInput) => Promise<void>;
  /** The register link (it carries the page to return to). */
  registerHref?: string;
  /** Where "Forgot your password?" goes. */
  forgotPasswordHref?: string;
}

/**
 * Email and password (spec §2 /login). 'Email is required' and 'Invalid Email Format' come from the
 * shared schema; `noValidate` keeps the browser's own bubbles from hiding those messages.
 */
export function LoginForm({ onSubmit, registerHref = sitePath('register'), forgotPasswordHref = sitePath('forgotPassword') }: LoginFormProps) {
  const form = useForm<LoginInput>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    // Mantine's Standard Schema resolver (first message per field). mantine-form-zod-resolver 1.3.0
    // ships CommonJS as .js in a "type": "module" package, which Jest refuses under vm-modules.
    validate: schemaResolver(LoginInputSchema, { sync: true }),
  });

  return (
    <form noValidate onSubmit={form.onSubmit(onSubmit)} aria-label="Login">
      <Stack gap="md">
        <EmailInput key={form.key('email')} {...form.getInputProps('email')} />
        <PasswordInput label="Password" autoComplete="current-password" required key={form.key('password')} {...form.getInputProps('password')} />
        <Anchor component={Link} to={forgotPasswordHref} size="sm" ta="right" mt={-8}>
          Forgot your password?
        </Anchor>
        <Button type="submit" size="md" fullWidth loading={form.submitting}>
          Login
        </Button>
        <Text size="sm" ta="center">
          Don't have an account?{' '}
          <Anchor component={Link} to={registerHref} fw={700}>
            Register
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
