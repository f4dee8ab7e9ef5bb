import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { CHANNEL_HEADER } from '../../contracts/constants';
import { devToolsOn, type Config } from '../config';

/** OpenAPI generated from the zod contracts of every route: JSON always, the browsable UI only with DEV_TOOLS=true. */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Coin Casino API', version: '1.0.0', description: `Every call needs the ${CHANNEL_HEADER.toUpperCase()} header.` },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get(`${config.API_BASE}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
  if (devToolsOn(config)) {
    await app.register(swaggerUi, { routePrefix: `${config.API_BASE}/docs` });
  }
}
