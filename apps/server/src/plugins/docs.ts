import { API_VERSION } from '@client-portal/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { documentKeyAnswers, documentProblemAnswers } from './problem-answers.js';

/** OpenAPI document generated from the route schemas: JSON at /api/docs/json, UI at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Client Portal API', version: API_VERSION },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access token of a signed-in user (POST /api/user/login)',
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'cp_live_…',
            description:
              "A client company's API key (docs/api.md): only the operations that list this scheme accept it, within the key's features and sites",
          },
        },
      },
    },
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      const response = documentKeyAnswers(
        input.schema?.security as Record<string, unknown>[] | undefined,
        documentProblemAnswers(
          input.schema?.response as Record<string, unknown> | undefined,
          output.schema?.response as Record<string, unknown> | undefined,
        ),
      );
      return { ...output, schema: { ...output.schema, response } };
    },
  });
  // Its own CSP (with hashes for the UI's inline bootstrap) replaces ours on the docs pages only;
  // like every page of ours, they may not be framed.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'"),
  });
});
