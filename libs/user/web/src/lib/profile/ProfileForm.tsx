import { ProfileUpdateInputSchema, type ProfileUpdateInput } from '@dealership/user-schemas';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { useState } from 'react';

export interface ProfileFormProps {
  initialValues: ProfileUpdateInput;
  /** Saves the profile; resolves to field messages when the server refused it. */
  onSubmit: (values: ProfileUpdateInput) => Promise<FormErrors | void>;
}

/**
 * Name, Email, Password, Phone, Address and Update (spec §2 "Update Profile"), plus Current
 * Password (a deviation: a new password needs the current one), required only once a new password
 * is typed. The spec types the name, phone and address inputs as email; that reading is kept, so
 * `noValidate` stops the browser from refusing real names and numbers, and the shared schema
 * validates instead.
 */
export function ProfileForm({ initialValues, onSubmit }: ProfileFormProps) {
  const form = useForm<ProfileUpdateInput>({
    mode: 'uncontrolled',
    initialValues,
    // Mantine's Standard Schema resolver (first message per field). mantine-form-zod-resolver 1.3.0
    // ships CommonJS as .js in a "type": "module" package, which Jest refuses under vm-modules.
    validate: schemaResolver(ProfileUpdateInputSchema, { sync: true }),
  });
  const [changingPassword, setChangingPassword] = useState(Boolean(initialValues.password));
  form.watch('password', ({ value }) => setChangingPassword(Boolean(value)));

  const handleSubmit = async (values: ProfileUpdateInput) => {
    const errors = await onSubmit(values);
    if (errors) form.setErrors(errors);
  };

  return (
    <form noValidate onSubmit={form.onSubmit(handleSubmit)} aria-label="Update Profile">
      <Stack gap="md">
        <TextInput label="Name" type="email" autoComplete="name" required key={form.key('name')} {...form.getInputProps('name')} />
        <TextInput label="Email" type="email" autoComplete="email" required key={form.key('email')} {...form.getInputProps('email')} />
        <PasswordInput
          label="Password"
          description="Leave empty to keep your current password."
          autoComplete="new-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Current Password"
          description="Needed only to set a new password."
          autoComplete="current-password"
          required={changingPassword}
          key={form.key('currentPassword')}
          {...form.getInputProps('currentPassword')}
        />
        <TextInput label="Phone" type="email" inputMode="tel" autoComplete="tel" required key={form.key('phone')} {...form.getInputProps('phone')} />
        <TextInput label="Address" type="email" autoComplete="street-address" required key={form.key('address')} {...form.getInputProps('address')} />
        <Button type="submit" size="md" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
          Update
        </Button>
      </Stack>
    </form>
  );
}
