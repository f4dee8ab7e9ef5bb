import { errorStatus, type ErrorCode } from '../contracts/errors';

/** The one error type handlers throw: a catalogue code, its HTTP status, an English hint for developers. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  /** Which request fields were wrong, for REQUEST_VALIDATION_ERROR found outside the route's schema. */
  readonly issues?: Array<{ path: string; message: string }>;
  /** Protection refusals: until when they apply (sent to the client). */
  until?: Date;
  constructor(code: ErrorCode, message?: string, issues?: Array<{ path: string; message: string }>) {
    super(message ?? code);
    this.code = code;
    this.statusCode = errorStatus[code];
    this.issues = issues;
  }
}
