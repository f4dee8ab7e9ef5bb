import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

/**
 * The site does not parse API answers again (src/lib/api.ts carries no zod): it relies on the server
 * encoding every success answer with the route's response schema from contracts/ (the serializer
 * refuses anything else). So every route the OpenAPI document lists declares its 2xx answer: a JSON
 * schema, or 204 with no body.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Answers 204 without a body (contracts/auth.ts), declared by no schema: the site reads nothing from it. */
const NO_BODY = ['POST /api/change-password'];

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

describe('response contracts', () => {
  it('every API route declares the schema of its success answer', async () => {
    const res = await t.api({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = (res.json() as { paths: Record<string, Record<string, Operation>> }).paths;
    const operations = Object.entries(paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(operations.length).toBeGreaterThan(40);
    const undeclared = operations
      .filter(({ op }) => {
        const success = Object.entries(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
        // A live table's stream declares its text/event-stream answer (its events are contracts/live-tables.ts's LiveEvent).
        const declared = (answer: NonNullable<Operation['responses']>[string]) =>
          answer.content?.['application/json']?.schema ?? answer.content?.['text/event-stream']?.schema;
        return success.length === 0 || success.some(([status, answer]) => status !== '204' && !declared(answer));
      })
      .map(({ route }) => route);
    expect(undeclared).toEqual(NO_BODY);
  });
});
