import { describe, expect, it } from 'vitest';
import { displayCode, errorCodes } from '../../contracts/errors';
import en from '../../locales/en/errors.json';
import ja from '../../locales/ja/errors.json';

describe('error catalogue', () => {
  it('shows PHONE_NUMBER_NOT_VERIFIED as its own message (the API refuses coin play without it) and PHONE_NUMBER_NOT_INCLUDED as the validation error', () => {
    expect(displayCode('PHONE_NUMBER_NOT_VERIFIED')).toBe('PHONE_NUMBER_NOT_VERIFIED');
    expect(en.PHONE_NUMBER_NOT_VERIFIED).toMatch(/verify your phone/);
    expect(displayCode('PHONE_NUMBER_NOT_INCLUDED')).toBe('REQUEST_VALIDATION_ERROR');
  });
  it('shows an unknown code as a technical error', () => {
    expect(displayCode('SOMETHING_NEW')).toBe('TECHNICAL_ERROR');
  });
  it('has a message in both languages for every code the site can show', () => {
    const shown = new Set(errorCodes.map(displayCode));
    for (const code of shown) {
      expect(en, code).toHaveProperty(code);
      expect(ja, code).toHaveProperty(code);
    }
  });
  it('keeps the catalogue messages of spec section 8', () => {
    expect(en.INVALID_USER_OR_EMAIL).toBe('Password or email address is incorrect.');
    expect(en.TESTER_ACCOUNT_DELETION_FORBIDDEN).toBe('You cannot delete a tester account.');
  });
});
