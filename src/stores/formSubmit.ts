import { map, type MapStore } from 'nanostores';
import type { ErrorCode } from '../../contracts/errors';
import { ApiError } from '../lib/api';

/**
 * The one form-submit helper of the site's forms (popups and account pages): the submitting state,
 * the double-submit guard, the field checks and the refusal as a catalogue code. No UI here: an island
 * shows `failure` with its catalogue message and each field's issue key next to the field.
 */

/** Field name to its issue: a locale key such as `validation.emailInvalid` (contracts/fields.ts). */
export type FieldErrors = Record<string, string>;

export interface FormFailure {
  /** The catalogue code whose message the site shows (unknown failures are TECHNICAL_ERROR). */
  code: ErrorCode;
  /** The failure itself, for messages that say more (player protection says until when). */
  error: unknown;
}

export interface FormState {
  submitting: boolean;
  failure: FormFailure | null;
  fieldErrors: FieldErrors;
}

export type SubmitResult<T> =
  | { status: 'done'; value: T }
  /** A field check failed: nothing was sent. */
  | { status: 'invalid' }
  /** A submit was already running: nothing was sent (the double-submit guard). */
  | { status: 'busy' }
  | { status: 'failed'; failure: FormFailure };

export interface FormOptions {
  /** Refusals that also mark a field: catalogue code to [field, issue key]. */
  fieldIssues?: Partial<Record<ErrorCode, [field: string, issue: string]>>;
}

export interface SubmitOptions {
  /** Field checks run first: field to its issue key, or null when it passes. */
  checks?: Record<string, string | null>;
  /** Stay submitting after success, while the page goes somewhere else (sign-in). */
  holdOnSuccess?: boolean;
}

export interface Form {
  $state: MapStore<FormState>;
  submit<T>(action: () => Promise<T>, options?: SubmitOptions): Promise<SubmitResult<T>>;
  /** Show a refusal that did not come from this form's own submit (e.g. handed back by another step). */
  fail(error: unknown): FormFailure;
  setFieldErrors(errors: FieldErrors): void;
  /** Back to a fresh form: not submitting, no failure, no field errors. */
  reset(): void;
}

/** The catalogue code an island shows for any failure (spec section 8: unknown is a technical error). */
export function failureCode(error: unknown): ErrorCode {
  return error instanceof ApiError ? error.displayCode : 'TECHNICAL_ERROR';
}

/** The field errors from each field's first problem, or null when every field passes. */
export function fieldProblems(checks: Record<string, string | null>): FieldErrors | null {
  const errors: FieldErrors = {};
  for (const [field, problem] of Object.entries(checks)) if (problem) errors[field] = problem;
  return Object.keys(errors).length > 0 ? errors : null;
}

export function createForm(options: FormOptions = {}): Form {
  const initial = (): FormState => ({ submitting: false, failure: null, fieldErrors: {} });
  const $state = map<FormState>(initial());

  const fail = (error: unknown): FormFailure => {
    const failure = { code: failureCode(error), error };
    const code = error instanceof ApiError ? error.code : null;
    const marked = code ? options.fieldIssues?.[code as ErrorCode] : undefined;
    $state.set({ submitting: false, failure, fieldErrors: marked ? { [marked[0]]: marked[1] } : {} });
    return failure;
  };

  return {
    $state,
    fail,
    setFieldErrors: (fieldErrors) => $state.setKey('fieldErrors', fieldErrors),
    reset: () => $state.set(initial()),
    async submit<T>(action: () => Promise<T>, { checks, holdOnSuccess = false }: SubmitOptions = {}): Promise<SubmitResult<T>> {
      if ($state.get().submitting) return { status: 'busy' };
      const problems = checks ? fieldProblems(checks) : null;
      $state.set({ submitting: !problems, failure: null, fieldErrors: problems ?? {} });
      if (problems) return { status: 'invalid' };
      try {
        const value = await action();
        $state.setKey('submitting', holdOnSuccess);
        return { status: 'done', value };
      } catch (error) {
        return { status: 'failed', failure: fail(error) };
      }
    },
  };
}
