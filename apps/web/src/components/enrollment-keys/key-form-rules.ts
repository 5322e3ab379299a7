import {
  ENROLLMENT_KEY_NAME_MAX,
  ENROLLMENT_KEY_NAME_MIN,
  type EnrollmentKeyInput,
} from '@meshdeck/contracts';

export type KeyKind = 'unlimited' | 'uses' | 'time';

/** What the create-key form holds; `expiresAt` is the datetime-local text of the picker. */
export interface KeyFormValues {
  name: string;
  kind: KeyKind;
  uses: number | string;
  expiresAt: string;
  networks: string[];
  relay: string;
  groups: string[];
}

export const emptyKeyForm = (): KeyFormValues => ({
  name: '',
  kind: 'unlimited',
  uses: 1,
  expiresAt: '',
  networks: [],
  relay: '',
  groups: [],
});

/** Translation keys (namespace `keys`) of the rule each field breaks, or nothing when the form is valid. */
export type KeyFormErrors = Partial<
  Record<
    'name' | 'uses' | 'expiresAt',
    'form.nameLength' | 'form.usesMin' | 'form.expiryRequired' | 'form.expiryPast'
  >
>;

/**
 * The form's rules: a 3-32 character name (the server's rule), at least one use for a limited key and a future
 * expiry for a time-bound one. Fields of the other key types are ignored, as the server derives the type.
 */
export function validateKeyForm(values: KeyFormValues, now = new Date()): KeyFormErrors {
  const errors: KeyFormErrors = {};
  const name = values.name.trim();
  if (name.length < ENROLLMENT_KEY_NAME_MIN || name.length > ENROLLMENT_KEY_NAME_MAX)
    errors.name = 'form.nameLength';
  if (values.kind === 'uses') {
    const uses = Number(values.uses);
    if (values.uses === '' || !Number.isInteger(uses) || uses < 1) errors.uses = 'form.usesMin';
  }
  if (values.kind === 'time') {
    const expiry = new Date(values.expiresAt);
    if (values.expiresAt === '' || Number.isNaN(expiry.getTime())) errors.expiresAt = 'form.expiryRequired';
    else if (expiry.getTime() <= now.getTime()) errors.expiresAt = 'form.expiryPast';
  }
  return errors;
}

/**
 * The POST body. The server derives the type from which field is set (api-contract §5.3: uses first, then
 * expiry, then unlimited), so only the chosen type's field is sent and the others are zeroed.
 */
export function toEnrollmentKeyInput(values: KeyFormValues): EnrollmentKeyInput {
  return {
    tags: [values.name.trim()],
    networks: values.networks,
    expiration: values.kind === 'time' ? Math.floor(new Date(values.expiresAt).getTime() / 1000) : 0,
    uses_remaining: values.kind === 'uses' ? Number(values.uses) : 0,
    unlimited: values.kind === 'unlimited',
    type: 0,
    relay: values.relay,
    groups: values.groups,
  };
}
