import { errorStatus, type ErrorCode } from '../contracts/errors';

/** The one error type handlers throw: a catalogue code, its HTTP status, an English hint for developers. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  constructor(code: ErrorCode, message?: string) {
    super(message ?? code);
    this.code = code;
    this.statusCode = errorStatus[code];
  }
}
