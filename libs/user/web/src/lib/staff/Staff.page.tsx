import type { StaffRole } from '@dealership/shared-schemas';
import { type StaffInviteInput, StaffInviteInputSchema, type StaffMember } from '@dealership/user-schemas';
import { describeApiError } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess, Seo } from '@dealership/web-ui';
import { Alert, Badge, Button, Group, Loader, Modal, Select, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';

const ROLE_OPTIONS: { value: StaffRole; label: string }[] = [
  { value: 'sales', label: 'Sales' },
  { value: 'owner', label: 'Owner' },
];
const ROLE_WORDS: Record<StaffRole, string> = { owner: 'Owner', sales: 'Sales' };

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-KE', { timeZone: 'Africa/Nairobi', dateStyle: 'medium', timeStyle: 'short' });

/**
 * The owner's Staff page: every staff account with its role, last sign-in and state; invite by
 * email, change a role, deactivate (with a confirmation: every session of theirs ends at once) or
 * reactivate. The server refuses what would leave no active owner, and says so.
 */
export function StaffPage() {
  const utils = trpc.useUtils();
  const list = trpc.staff.list.useQuery();
  const setRole = trpc.staff.setRole.useMutation();
  const deactivate = trpc.staff.deactivate.useMutation();
  const reactivate = trpc.staff.reactivate.useMutation();
  const resetTwoFactor = trpc.staff.resetTwoFactor.useMutation();
  const requirement = trpc.staff.twoFactorRequired.useQuery();
  const requireTwoFactor = trpc.staff.requireTwoFactor.useMutation();
  const setAway = trpc.staff.setAway.useMutation();
  const [inviting, setInviting] = useState(false);
  const [leaving, setLeaving] = useState<StaffMember | null>(null);

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
    } catch (error) {
      notifyError(describeApiError(error).message);
      return;
    }
    notifySuccess(done);
    await utils.staff.invalidate();
  };

  return (
    <Stack>
      <Seo title="Staff" description="The dealership's staff accounts." noIndex />
      <Group justify="space-between">
        <Title order={2}>Staff</Title>
        <Button onClick={() => setInviting(true)}>Invite a staff member</Button>
      </Group>
      <Text c="gray.7" size="sm">
        Owners run everything; sales handle leads, orders and the catalogue, not the staff, the rates or the activity log.
      </Text>
      <Switch
        label="Require two-factor sign-in for all staff"
        description="Staff without it are sent to set it up at their next sign-in."
        checked={requirement.data?.required ?? false}
        disabled={requirement.isPending || requireTwoFactor.isPending}
        onChange={(event) => {
          const required = event.currentTarget.checked;
          void run(() => requireTwoFactor.mutateAsync({ required }), required ? 'Two-factor sign-in is now required of all staff' : 'Two-factor sign-in is no longer required');
        }}
      />
      {list.isPending ? (
        <Loader aria-label="Loading the staff" />
      ) : list.error ? (
        <Alert color="red">Could not load the staff: {describeApiError(list.error).message}</Alert>
      ) : (
        <Table.ScrollContainer minWidth={800}>
          <Table striped aria-label="Staff accounts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Last sign-in</Table.Th>
                <Table.Th>Second factor</Table.Th>
                <Table.Th>Away</Table.Th>
                <Table.Th>State</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((member) => (
                <Table.Tr key={member.id} aria-label={`Staff ${member.name}`}>
                  <Table.Td>{member.name}</Table.Td>
                  <Table.Td>{member.email}</Table.Td>
                  <Table.Td miw={140}>
                    <Select
                      aria-label={`Role of ${member.name}`}
                      data={ROLE_OPTIONS}
                      value={member.staffRole}
                      allowDeselect={false}
                      disabled={member.deactivatedAt !== null}
                      onChange={(value) =>
                        value &&
                        value !== member.staffRole &&
                        void run(() => setRole.mutateAsync({ userId: member.id, staffRole: value as StaffRole }), `${member.name} is now ${ROLE_WORDS[value as StaffRole]}`)
                      }
                    />
                  </Table.Td>
                  <Table.Td>{member.lastSignInAt ? <time dateTime={member.lastSignInAt}>{dateTime(member.lastSignInAt)}</time> : 'Never'}</Table.Td>
                  <Table.Td>
                    {member.twoFactorEnabled ? (
                      <Group gap="xs" wrap="nowrap">
                        <Badge color="green">On</Badge>
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => void run(() => resetTwoFactor.mutateAsync({ userId: member.id }), `${member.name} signs in with the password alone until they set it up again`)}
                        >
                          Reset
                        </Button>
                      </Group>
                    ) : (
                      <Badge color="gray">Off</Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {/* Away (leave, a day off): new leads skip them; the leads they have stay theirs. */}
                    <Switch
                      aria-label={`${member.name} is away`}
                      checked={member.away}
                      disabled={member.deactivatedAt !== null || (setAway.isPending && setAway.variables?.userId === member.id)}
                      onChange={(event) => {
                        const away = event.currentTarget.checked;
                        void run(
                          async () => {
                            await setAway.mutateAsync({ userId: member.id, away });
                            // The inbox's Assignee choices say who is away.
                            await utils.lead.assignees.invalidate();
                          },
                          away ? `${member.name} is away: new leads skip them` : `${member.name} is back: new leads reach them again`,
                        );
                      }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {member.deactivatedAt ? (
                        <>
                          <Badge color="gray">Deactivated</Badge>
                          <Button size="xs" variant="light" onClick={() => void run(() => reactivate.mutateAsync({ userId: member.id }), `${member.name} can sign in again`)}>
                            Reactivate
                          </Button>
                        </>
                      ) : (
                        <>
                          {member.invitePending ? <Badge color="yellow">Invited</Badge> : <Badge color="green">Active</Badge>}
                          <Button size="xs" variant="light" color="red" onClick={() => setLeaving(member)}>
                            Deactivate
                          </Button>
                        </>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <InviteDialog opened={inviting} onClose={() => setInviting(false)} onInvited={() => void utils.staff.invalidate()} />
      <Modal opened={leaving !== null} onClose={() => setLeaving(null)} title="Deactivate staff account">
        <Stack>
          <Text>
            {leaving?.name} will be signed out on every phone and computer at once and cannot sign in until an owner reactivates the account.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setLeaving(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={deactivate.isPending}
              onClick={() => {
                const member = leaving;
                setLeaving(null);
                if (member) void run(() => deactivate.mutateAsync({ userId: member.id }), `${member.name} is deactivated`);
              }}
            >
              Deactivate
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function InviteDialog({ opened, onClose, onInvited }: { opened: boolean; onClose: () => void; onInvited: () => void }) {
  const invite = trpc.staff.invite.useMutation();
  const form = useForm<StaffInviteInput>({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '', staffRole: 'sales' },
    validate: schemaResolver(StaffInviteInputSchema, { sync: true }),
  });
  const submit = async (values: StaffInviteInput) => {
    try {
      const member = await invite.mutateAsync(values);
      notifySuccess(`Invitation sent to ${member.email}`);
      form.reset();
      onInvited();
      onClose();
    } catch (error) {
      const { message, fieldErrors } = describeApiError(error);
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      else notifyError(message);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Invite a staff member">
      <form noValidate onSubmit={form.onSubmit(submit)} aria-label="Invite a staff member">
        <Stack>
          <TextInput label="Name" required key={form.key('name')} {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" required key={form.key('email')} {...form.getInputProps('email')} />
          <Select label="Role" data={ROLE_OPTIONS} allowDeselect={false} key={form.key('staffRole')} {...form.getInputProps('staffRole')} />
          <Text size="sm" c="gray.7">
            They get an email with a link to choose their password (it works once, for 7 days).
          </Text>
          <Button type="submit" loading={invite.isPending}>
            Send the invitation
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
