// The access forms use the platform's form state (shared with the account screens).
export { useForm as useAuthForm, type Form as AuthForm } from '@stitchhouse/shared/form/index.ts';
