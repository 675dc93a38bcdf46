import { TextInput, type TextInputProps } from '@mantine/core';

/** The account's email field of the sign-in forms (login, register, forgotten password). */
export function EmailInput(props: TextInputProps) {
  return <TextInput label="Email" type="email" autoComplete="email" placeholder="you@example.com" required {...props} />;
}
