import type { AuditAction, AuditEntity, AuditEvent } from '@dealership/audit-schemas';

/** The entity filter of the activity screen: every entity, or one of them. */
export const ACTIVITY_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'car', label: 'Cars' },
  { value: 'brand', label: 'Brands' },
  { value: 'order', label: 'Orders' },
  { value: 'testimonial', label: 'Testimonials' },
  { value: 'lead', label: 'Leads' },
  { value: 'setting', label: 'Rates' },
  { value: 'user', label: 'Staff' },
  { value: 'message', label: 'Messages' },
  { value: 'content', label: 'Site content' },
  { value: 'privacy', label: 'Privacy' },
  { value: 'inspection', label: 'Inspections' },
  { value: 'vehicle-import', label: 'Vehicle imports' },
  { value: 'trade-in-offer', label: 'Trade in offers' },
] as const satisfies readonly { value: AuditEntity | 'all'; label: string }[];

/** The select filters of the activity screen, beside the entity's: the kind of event and its outcome. */
export const ACTIVITY_SELECTS = [
  {
    param: 'category',
    label: 'Kind',
    options: [
      { value: '', label: 'Everything' },
      { value: 'change', label: 'Changes to records' },
      { value: 'security', label: 'Security events' },
    ],
  },
  {
    param: 'outcome',
    label: 'Outcome',
    options: [
      { value: '', label: 'Any' },
      { value: 'success', label: 'Succeeded' },
      { value: 'failure', label: 'Failed or refused' },
    ],
  },
] as const satisfies readonly { param: 'category' | 'outcome'; label: string; options: readonly { value: string; label: string }[] }[];

const ENTITY_NAMES: Record<AuditEntity, string> = {
  car: 'Car',
  brand: 'Brand',
  order: 'Order',
  testimonial: 'Testimonial',
  lead: 'Lead',
  setting: 'Rate set',
  user: 'Staff account',
  message: 'Message',
  content: 'Site content',
  privacy: 'Personal data',
  inspection: 'Inspection',
  'vehicle-import': 'Vehicle import',
  'trade-in-offer': 'Trade in offer',
};

const ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Updated',
  remove: 'Deleted',
  removeImage: 'Picture removed',
  setStatus: 'Status changed',
  resend: 'Sent again',
  invite: 'Invited',
  setRole: 'Role changed',
  deactivate: 'Deactivated',
  reactivate: 'Reactivated',
  enableTwoFactor: 'Second factor on',
  resetTwoFactor: 'Second factor reset',
  requireTwoFactor: 'Second factor rule',
  assign: 'Assigned',
  setAway: 'Away changed',
  retention: 'Retention applied',
  deleteAccount: 'Account deleted',
  signIn: 'Sign-in',
  signOut: 'Sign-out',
  throttled: 'Throttled',
  changePassword: 'Password changed',
  resetPassword: 'Password reset',
  changeEmail: 'Email changed',
  recoveryCodeUsed: 'Recovery code used',
  rememberDevice: 'Device remembered',
};

// The action in a sentence, before the record it acted on.
const ACTION_PHRASES: Record<AuditAction, string> = {
  create: 'created',
  update: 'updated',
  remove: 'deleted',
  removeImage: 'removed a picture of',
  setStatus: 'changed the status of',
  resend: 'sent again',
  invite: 'invited',
  setRole: 'changed the role of',
  deactivate: 'deactivated',
  reactivate: 'reactivated',
  enableTwoFactor: 'turned on two-factor sign-in for',
  resetTwoFactor: 'reset the second factor of',
  requireTwoFactor: 'changed',
  assign: 'assigned',
  setAway: 'changed the away mark of',
  retention: 'applied the retention periods to',
  deleteAccount: 'deleted their account:',
  signIn: 'signed in to',
  signOut: 'signed out of',
  throttled: 'was throttled on',
  changePassword: 'changed the password of',
  resetPassword: 'reset the password of',
  changeEmail: 'changed the email of',
  recoveryCodeUsed: 'used a recovery code of',
  rememberDevice: 'remembered a device for',
};

/** 'Car', 'Brand', 'Order'. */
export function entityName(entity: AuditEntity): string {
  return ENTITY_NAMES[entity];
}

/** The action as a short label ('Created', 'Status changed'). */
export function actionLabel(action: AuditAction): string {
  return ACTION_LABELS[action];
}

/** A field's domain name for people: `fuelType` -> 'Fuel type'. */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const MAX_VALUE_LENGTH = 120;

function truncate(text: string, max = MAX_VALUE_LENGTH): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function isPicture(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'url' in value;
}

/** A recorded value as short text: '—' for none, 'Yes'/'No', '3 pictures', a truncated string. */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-KE');
  if (typeof value === 'string') return truncate(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    if (value.every(isPicture)) return value.length === 1 ? '1 picture' : `${value.length} pictures`;
    return truncate(value.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join(', '));
  }
  return truncate(JSON.stringify(value));
}

/** The record's name as the event recorded it: its label, else a changed `name`. */
export function recordName(event: Pick<AuditEvent, 'changes'> & { label?: string | null }): string | undefined {
  if (event.label?.trim()) return event.label;
  const name = event.changes['name'];
  const value = name?.after ?? name?.before;
  return typeof value === 'string' && value.trim() ? value : undefined;
}

const SUMMARY_FIELDS = 3;

/**
 * One line about the changed fields: 'Not Process → Processing' for a status, 'Price, Mileage and
 * 2 more' for an update, the field count for a creation or removal.
 */
export function changeSummary(event: Pick<AuditEvent, 'action' | 'changes'>): string {
  const fields = Object.keys(event.changes);
  if (fields.length === 0) return 'No field changes';
  if (event.action === 'setStatus' && event.changes['status']) {
    const { before, after } = event.changes['status'];
    return `${formatValue(before)} → ${formatValue(after)}`;
  }
  if (event.action === 'create' || event.action === 'remove') {
    return fields.length === 1 ? '1 field' : `${fields.length} fields`;
  }
  const named = fields.slice(0, SUMMARY_FIELDS).map(fieldLabel);
  const rest = fields.length - named.length;
  return rest > 0 ? `${named.join(', ')} and ${rest} more` : named.join(', ');
}

/**
 * Who did what to which record, in one sentence: "Amina updated car ‘Toyota Vitz’". A name that
 * already says what the record is stands alone ("Amina changed the status of ‘Order of Juma’",
 * not "… of order ‘Order of Juma’"); with no name, the entity alone ("Amina deleted car").
 */
export function describeEvent(event: Pick<AuditEvent, 'actor' | 'entity' | 'action' | 'changes' | 'label'>): string {
  const name = recordName(event);
  const namesItsEntity = name !== undefined && new RegExp(`^${event.entity}\\b`, 'i').test(name.trim());
  const record = name === undefined ? event.entity : namesItsEntity ? `‘${name}’` : `${event.entity} ‘${name}’`;
  return `${event.actor.name} ${ACTION_PHRASES[event.action]} ${record}`;
}
