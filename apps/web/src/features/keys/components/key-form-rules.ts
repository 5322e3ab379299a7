import { enrollmentKeyInputSchema, type EnrollmentKeyInput } from '@meshdeck/contracts';
import { contractValidator, issueField } from '@/lib/contract-form.ts';

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

type KeyFormMessage = NonNullable<KeyFormErrors[keyof KeyFormErrors]>;
const WIRE_FIELDS: Record<string, readonly ['name' | 'uses' | 'expiresAt', KeyFormMessage]> = {
  tags: ['name', 'form.nameLength'],
  uses_remaining: ['uses', 'form.usesMin'],
  expiration: ['expiresAt', 'form.expiryRequired'],
};

/**
 * The form's rules: the contract's (enrollmentKeyInputSchema on the body the request sends: a 3-32 character
 * name, whole numbers), plus what only the form knows: a limited key needs at least one use and a time-bound
 * one a future expiry. Fields of the other key types are ignored, as the server derives the type. Returns
 * translation keys (namespace `keys`).
 */
export function validateKeyForm(values: KeyFormValues, now = new Date()): KeyFormErrors {
  const validate = contractValidator<KeyFormValues>({
    schema: enrollmentKeyInputSchema,
    toWire: toEnrollmentKeyInput,
    toFieldError: (issue) => WIRE_FIELDS[issueField(issue)] ?? null,
    extra: (form) => ({
      uses: form.kind === 'uses' && !(Number(form.uses) >= 1) ? 'form.usesMin' : null,
      expiresAt:
        form.kind === 'time' && new Date(form.expiresAt).getTime() <= now.getTime()
          ? 'form.expiryPast'
          : null,
    }),
  });
  return validate(values);
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
