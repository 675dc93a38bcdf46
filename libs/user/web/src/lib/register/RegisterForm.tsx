import { sitePath } from '@dealership/shared-schemas';
import { RegisterInputSchema, type RegisterInput } from '@dealership/user-schemas';
import { Anchor, Button, PasswordInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { Link } from 'react-router-dom';
import { EmailInput } from '../login/EmailInput';

// Spec §5: only the email format is checked before the request; the emptiness checks are the
// server's, so their messages come back as field errors.
const BeforeRequestSchema = RegisterInputSchema.pick({ email: true });

export interface RegisterFormProps {
  /** Sends the registration; resolves to field messages to show when the server refused it. */
  onSubmit: (values: RegisterInput) => Promise<FormErrors | void>;
  loginHref?: string;
}

/** Name, email, password, phone (numeric) and address (spec §2 /register). */
export function RegisterForm({ onSubmit, loginHref = sitePath('login') }: RegisterFormProps) {
  const form = useForm<RegisterInput>({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '', password: '', phone: '', address: '' },
    // Mantine's Standard Schema resolver (first message per field). mantine-form-zod-resolver 1.3.0
    // ships CommonJS as .js in a "type": "module" package, which Jest refuses under vm-modules.
    validate: schemaResolver(BeforeRequestSchema, { sync: true }),
  });

  const handleSubmit = async (values: RegisterInput) => {
    const errors = await onSubmit(values);
    if (errors) form.setErrors(errors);
  };

  return (
    <form noValidate onSubmit={form.onSubmit(handleSubmit)} aria-label="Register">
      <Stack gap="md">
        <TextInput label="Name" autoComplete="name" required key={form.key('name')} {...form.getInputProps('name')} />
        <EmailInput key={form.key('email')} {...form.getInputProps('email')} />
        <PasswordInput label="Password" autoComplete="new-password" required key={form.key('password')} {...form.getInputProps('password')} />
        {/* Numeric keypad, but a text value: a number input would drop the leading 0 of 07xx numbers. */}
        <TextInput
          label="Phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder="0712345678"
          required
          key={form.key('phone')}
          {...form.getInputProps('phone')}
        />
        <Textarea label="Address" autoComplete="street-address" autosize minRows={2} required key={form.key('address')} {...form.getInputProps('address')} />
        <Button type="submit" size="md" fullWidth loading={form.submitting}>
          Register
        </Button>
        <Text size="sm" ta="center">
          Already have an account?{' '}
          <Anchor component={Link} to={loginHref} fw={700}>
            Login
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
